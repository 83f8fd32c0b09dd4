import { z } from 'zod';

/** The one error body every `/api` route answers with on failure (ARCHITECTURE.md, "API conventions"). */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
