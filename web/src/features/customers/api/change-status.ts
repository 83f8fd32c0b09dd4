import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerAction } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

export interface ChangeStatusInput {
  id: number;
  action: CustomerAction;
  reason: string;
}

/** POST /api/customers/:custId/status — 200 done, 202 {approvalId} for four-eyes actions, 409 refused. */
export async function changeStatus({
  id,
  action,
  reason,
}: ChangeStatusInput): Promise<{ approvalId?: string }> {
  const res = await api.post<{ approvalId?: string } | undefined>(`/customers/${id}/status`, {
    body: { action, reason },
  });
  return { approvalId: typeof res?.approvalId === 'string' ? res.approvalId : undefined };
}

export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: (_r, v) => {
      void qc.invalidateQueries({ queryKey: ['customer-360', v.id] });
      void qc.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
