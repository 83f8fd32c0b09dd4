import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tellerTransactionSchema, type CashDeposit, type CashWithdrawal } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

export type CashInput = ({ kind: 'deposit' } & CashDeposit) | ({ kind: 'withdrawal' } & CashWithdrawal);

/**
 * POST /api/teller/deposits or /withdrawals: 201 posted, 202 a withdrawal over the limit waiting for
 * a supervisor (`approvalId`), 200 a replay of the same reference.
 */
export function takeCash({ kind, ...body }: CashInput) {
  return api.post(kind === 'deposit' ? '/teller/deposits' : '/teller/withdrawals', {
    body,
    schema: tellerTransactionSchema,
  });
}

export function useTakeCash() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: takeCash,
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKeys.all }),
  });
}
