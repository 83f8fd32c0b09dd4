import { z } from 'zod';

/** The 202 of every four-eyes request of the products API. */
export const approvalIdSchema = z.object({ approvalId: z.string() });
export type SentForApproval = z.infer<typeof approvalIdSchema>;
