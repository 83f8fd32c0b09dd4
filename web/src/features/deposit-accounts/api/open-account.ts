import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountOpenedSchema, type AccountOpen } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { invalidateAccounts } from './invalidate';

/** POST /api/accounts → 202 { approvalId, accountNumber }: a Submitted account waiting for a checker. */
export function openAccount(body: AccountOpen) {
  return api.post('/accounts', { body, schema: accountOpenedSchema });
}

export function useOpenAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: openAccount, onSuccess: () => void invalidateAccounts(qc) });
}
