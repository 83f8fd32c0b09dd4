import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalSchema, type Approval } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

export interface DecideInput {
  id: string;
  decision: 'approve' | 'reject';
  reason?: string;
}

/** POST /api/approvals/:id/approve | reject — the server checks every rule (never the maker, limits). */
export function decideApproval({ id, decision, reason }: DecideInput): Promise<Approval> {
  return api.post(`/approvals/${id}/${decision}`, {
    schema: approvalSchema,
    body: decision === 'reject' ? { reason } : {},
  });
}

export function useDecideApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSettled: () => client.invalidateQueries({ queryKey: ['approvals'] }),
  });
}
