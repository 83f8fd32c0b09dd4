import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loanRepaymentLookupSchema,
  loanRepaymentSchema,
  type LoanCashRepaymentRequest,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** GET /api/loans/by-account/:number: the loan at the counter (due now, next due, arrears, payoff). */
export const useCounterLoan = (number: string | null) =>
  useQuery({
    queryKey: [...tellerKeys.all, 'loan', number ?? ''],
    queryFn: ({ signal }) =>
      api.get(`/loans/by-account/${encodeURIComponent(number ?? '')}`, {
        schema: loanRepaymentLookupSchema,
        signal,
      }),
    enabled: number !== null,
    retry: false,
    staleTime: 0,
  });

/** POST /api/loans/:id/cash-repayments: 201 posted, 200 the same reference again. */
export function useCashLoanRepayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ loanId, ...body }: LoanCashRepaymentRequest & { loanId: number }) =>
      api.post(`/loans/${loanId}/cash-repayments`, { body, schema: loanRepaymentSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKeys.all }),
  });
}
