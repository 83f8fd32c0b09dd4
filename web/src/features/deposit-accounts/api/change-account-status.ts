import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountStatusRequest } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { invalidateAccounts } from './invalidate';

export interface ChangeAccountStatusInput extends AccountStatusRequest {
  number: string;
}

/** POST /api/accounts/:number/status → 200 with the row, or 202 { approvalId } (unblock, close). */
export async function changeAccountStatus({
  number,
  ...body
}: ChangeAccountStatusInput): Promise<{ approvalId?: string }> {
  const res = await api.post<{ approvalId?: unknown } | undefined>(
    `/accounts/${encodeURIComponent(number)}/status`,
    { body },
  );
  return { approvalId: typeof res?.approvalId === 'string' ? res.approvalId : undefined };
}

export function useChangeAccountStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeAccountStatus, onSuccess: () => void invalidateAccounts(qc) });
}
