import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loanCashDisbursementQuoteSchema,
  loanCashDisbursementSchema,
  type LoanCashDisbursementRequest,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** GET /api/loan-applications/:id/cash-disbursement: the approved cash payout at the counter. */
export const useCashDisbursementQuote = (applicationId: number | null) =>
  useQuery({
    queryKey: [...tellerKeys.all, 'loan-disbursement', applicationId ?? 0],
    queryFn: ({ signal }) =>
      api.get(`/loan-applications/${applicationId ?? 0}/cash-disbursement`, {
        schema: loanCashDisbursementQuoteSchema,
        signal,
      }),
    enabled: applicationId !== null,
    retry: false,
    staleTime: 0,
  });

/** POST /api/loan-applications/:id/cash-disbursement: 201 paid, 200 the same reference again. */
export function usePayCashDisbursement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, ...body }: LoanCashDisbursementRequest & { applicationId: number }) =>
      api.post(`/loan-applications/${applicationId}/cash-disbursement`, {
        body,
        schema: loanCashDisbursementSchema,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tellerKeys.all }),
  });
}
