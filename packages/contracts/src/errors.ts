import { z } from 'zod';

/**
 * The one error body every `/api` route answers with on failure (docs/architecture.md §5, "API conventions").
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
