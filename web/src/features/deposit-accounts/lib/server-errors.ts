import { ACCOUNT_REFUSAL_TEXT } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';

/** A 400's `details` by field name (JSON pointer or dotted path, or an object of messages). */
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

/** What to tell the user: a 409's refusal code in the bank's words, else the server's message. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 409) {
    const code = (err.body as { details?: { code?: unknown } } | undefined)?.details?.code;
    if (typeof code === 'string' && code in ACCOUNT_REFUSAL_TEXT)
      return ACCOUNT_REFUSAL_TEXT[code as keyof typeof ACCOUNT_REFUSAL_TEXT];
  }
  return err instanceof Error ? err.message : 'Something went wrong';
}
