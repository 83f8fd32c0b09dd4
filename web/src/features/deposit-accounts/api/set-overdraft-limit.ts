import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OverdraftLimit } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { invalidateAccounts } from './invalidate';

/** PUT /api/accounts/:number/overdraft-limit → 202 { approvalId }: a checker decides the new limit. */
export async function setOverdraftLimit({
  number,
  ...body
}: OverdraftLimit & { number: string }): Promise<{ approvalId?: string }> {
  const res = await api.put<{ approvalId?: unknown } | undefined>(
    `/accounts/${encodeURIComponent(number)}/overdraft-limit`,
    { body },
  );
  return { approvalId: typeof res?.approvalId === 'string' ? res.approvalId : undefined };
}

export function useSetOverdraftLimit() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setOverdraftLimit, onSuccess: () => void invalidateAccounts(qc) });
}
