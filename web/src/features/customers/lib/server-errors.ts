import type { z } from 'zod';
import { duplicateRefusalSchema } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';

export type DuplicateRefusal = z.infer<typeof duplicateRefusalSchema>;

/**
 * A 400's `details` as form field names: the server names a field as a JSON pointer (`/address/district`)
 * or a dotted path; react-hook-form wants `address.district`.
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

/** The 409 that names existing customers (same ID: refused; same name/birth date or mobile: confirm). */
export function duplicateFrom(err: unknown): DuplicateRefusal | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const parsed = duplicateRefusalSchema.safeParse(err.body);
  return parsed.success ? parsed.data : null;
}

export const errorText = (err: unknown, fallback = 'Something went wrong') =>
  err instanceof Error ? err.message : fallback;
