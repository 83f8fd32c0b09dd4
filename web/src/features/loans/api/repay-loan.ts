import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loanPayoffQuoteSchema,
  loanRepaymentSchema,
  type LoanRepaymentRequest,
  type LoanSettleRequest,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/loans/:id/repayments (transfer): refreshes the 360 so the schedule shows what it paid. */
export function useRepayLoan(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoanRepaymentRequest) =>
      api.post(`/loans/${id}/repayments`, { body, schema: loanRepaymentSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['loans'] }),
  });
}

/** GET /api/loans/:id/payoff?date=: an empty date is the business date. */
export const usePayoffQuote = (id: number, date: string) =>
  useQuery({
    queryKey: ['loans', 'payoff', id, date],
    queryFn: ({ signal }) =>
      api.get(`/loans/${id}/payoff${date ? `?date=${encodeURIComponent(date)}` : ''}`, {
        schema: loanPayoffQuoteSchema,
        signal,
      }),
    retry: false,
  });

/** POST /api/loans/:id/settle: pays today's quote from an account and closes the loan. */
export function useSettleLoan(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoanSettleRequest) =>
      api.post(`/loans/${id}/settle`, { body, schema: loanRepaymentSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['loans'] }),
  });
}
