import type { z } from 'zod';
import { badRequest } from '../../lib/http-error.ts';

/** One `details` entry per field, in the shape the error handler gives route-schema failures. */
export const fieldDetails = (issues: readonly z.core.$ZodIssue[]) =>
  issues.map((i) => ({ path: `/${i.path.map(String).join('/')}`, message: i.message }));

/** Parses `input` with `schema`, or 400 `{ error, details: [{ path, message }] }` (contracts' messages). */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw badRequest('Invalid request', fieldDetails(r.error.issues));
  return r.data;
}

/** A single field's 400, e.g. a related customer that does not exist. */
export const fieldError = (path: string, message: string) =>
  badRequest('Invalid request', [{ path, message }]);
