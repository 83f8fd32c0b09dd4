import { api } from '@/lib/api-client';

/**
 * The four-eyes requests of the customers API (risk override, merge, branch move) all answer
 * 202 {approvalId}: one poster keeps the three endpoint files to their path and body.
 */
export async function postForApproval(path: string, body: unknown): Promise<{ approvalId?: string }> {
  const res = await api.post<{ approvalId?: string } | undefined>(path, { body });
  return { approvalId: typeof res?.approvalId === 'string' ? res.approvalId : undefined };
}
