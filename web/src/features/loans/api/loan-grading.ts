import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loanGradingRequestedSchema,
  loanGradingSchema,
  loanRepaymentListSchema,
  type LoanDowngradeInput,
  type LoanRestructureInput,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/loans/:id/grading: the manual grade or restructured hold, the cure, the restructurings. */
export const useLoanGrading = (id: number) =>
  useQuery({
    queryKey: ['loans', 'grading', id],
    queryFn: ({ signal }) => api.get(`/loans/${id}/grading`, { schema: loanGradingSchema, signal }),
    retry: false,
  });

/** GET /api/loans/:id/repayments: newest first, each with the entry a reversal is asked for. */
export const useLoanRepayments = (id: number) =>
  useQuery({
    queryKey: ['loans', 'repayments', id],
    queryFn: ({ signal }) => api.get(`/loans/${id}/repayments`, { schema: loanRepaymentListSchema, signal }),
    retry: false,
  });

/** POST /api/loans/:id/downgrade — 202 {approvalId}: nothing changes until a second person approves. */
export function useDowngradeLoan(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoanDowngradeInput) =>
      api.post(`/loans/${id}/downgrade`, { body, schema: loanGradingRequestedSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['loans'] }),
  });
}

/** POST /api/loans/:id/restructure — 202 {approvalId}: the new schedule waits for a second person. */
export function useRestructureLoan(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoanRestructureInput) =>
      api.post(`/loans/${id}/restructure`, { body, schema: loanGradingRequestedSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['loans'] }),
  });
}
