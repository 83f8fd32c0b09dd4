import type { z } from 'zod';
import { duplicateRefusalSchema } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/api-errors';

export { fieldErrorsFrom } from '@/lib/api-errors';

export type DuplicateRefusal = z.infer<typeof duplicateRefusalSchema>;

/** The 409 that names existing customers (same ID: refused; same name/birth date or mobile: confirm). */
export function duplicateFrom(err: unknown): DuplicateRefusal | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const parsed = duplicateRefusalSchema.safeParse(err.body);
  return parsed.success ? parsed.data : null;
}

/** The server's message (customers have no refusal codes of their own to reword). */
export const errorText = (err: unknown, fallback?: string) => refusalText(err, {}, fallback);
