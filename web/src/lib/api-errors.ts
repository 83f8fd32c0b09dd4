import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * A 400's `details` as form field names, for every feature's forms: the server names a field as a JSON
 * pointer (`/address/district`), a dotted path or a path array; react-hook-form wants `address.district`.
 */
export function fieldErrorsFrom(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const details = (err.body as { details?: unknown } | undefined)?.details;
  const out: Record<string, string> = {};
  if (Array.isArray(details)) {
    for (const d of details as { path?: unknown; message?: unknown }[]) {
      const raw = Array.isArray(d.path) ? d.path.join('.') : typeof d.path === 'string' ? d.path : '';
      const name = raw.replace(/^\//, '').replaceAll('/', '.');
      if (name && typeof d.message === 'string') out[name] ??= d.message;
    }
  } else if (details && typeof details === 'object') {
    for (const [k, v] of Object.entries(details)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

/** The 409 code of a refusal, if any (`details.code`, or `code` at the top as some routes answer). */
export function conflictCode(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const body = err.body as { details?: { code?: unknown }; code?: unknown } | undefined;
  const code = body?.details?.code ?? body?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The error when it belongs to no field (a 409 refusal, a network failure), else null. */
export const formLevelError = (err: Error | null): Error | null =>
  err && Object.keys(fieldErrorsFrom(err)).length === 0 ? err : null;

/**
 * What to tell the user about a refused request: a 409's code in the bank's words when `texts` has
 * them (ACCOUNT_REFUSAL_TEXT, a feature's own table), else the server's message.
 */
export function refusalText(
  err: unknown,
  texts: Readonly<Record<string, string>> = {},
  fallback = 'Something went wrong',
): string {
  const code = conflictCode(err);
  if (code && Object.hasOwn(texts, code)) return texts[code]!;
  return err instanceof Error ? err.message : fallback;
}

/**
 * Puts field messages (a 400's, from fieldErrorsFrom) on a react-hook-form form and returns their
 * names in the server's order, so the caller can focus the first; none means the refusal is the form's.
 */
export function setFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string>,
): Path<T>[] {
  const names = Object.keys(fields) as Path<T>[];
  for (const n of names) setError(n, { type: 'server', message: fields[n] });
  return names;
}
