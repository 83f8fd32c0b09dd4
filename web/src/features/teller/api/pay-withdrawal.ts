import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tellerTransactionSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** POST /api/teller/withdrawals/:id/pay: pays an approved withdrawal from the caller's till. */
export const payWithdrawal = (id: string) =>
  api.post(`/teller/withdrawals/${encodeURIComponent(id)}/pay`, { schema: tellerTransactionSchema });

export function usePayWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: payWithdrawal,
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKeys.all }),
  });
}
