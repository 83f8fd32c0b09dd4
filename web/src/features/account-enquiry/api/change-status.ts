import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountStatusRequest } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/accounts/:number/status → 200 done, or 202 { approvalId } for unblock and close. */
export async function changeStatus({
  number,
  ...body
}: AccountStatusRequest & { number: string }): Promise<{ approvalId?: string }> {
  const res = await api.post<{ approvalId?: unknown } | undefined>(
    `/accounts/${encodeURIComponent(number)}/status`,
    { body },
  );
  return { approvalId: typeof res?.approvalId === 'string' ? res.approvalId : undefined };
}

export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: (_r, v) => void qc.invalidateQueries({ queryKey: ['account-enquiry', 'standing', v.number] }),
  });
}
