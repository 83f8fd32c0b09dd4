import { z } from 'zod';

/**
 * One field's problem: where in the request (a JSON pointer such as `/changes/mobile`) and the
 * message to show beside that field. Bad input answers 400 with a list of these.
 */
export const fieldProblemSchema = z.looseObject({
  path: z.string().describe('JSON pointer into the request, e.g. /changes/mobile'),
  message: z.string(),
});

/**
 * What a refusal (403, 409) tells a program besides its message. The keys below are the ones
 * clients branch on; a refusal may add facts of its own (the checks that failed, the version it
 * found), which pass through unchanged.
 */
export const refusalFactsSchema = z.looseObject({
  code: z.string().optional().describe('machine-readable reason, e.g. version_conflict, over_limit'),
  permission: z.string().optional().describe('the permission the caller lacks'),
  status: z.string().optional().describe('the state the subject is in, e.g. an approval already decided'),
});

/**
 * The one error body every `/api` route answers with on failure (docs/architecture.md §5, "API conventions").
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z.union([z.array(fieldProblemSchema), refusalFactsSchema]).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
