import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loanClassSettingsViewSchema,
  loanGradingRequestedSchema,
  type LoanClassSettings,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

const KEY = ['loan-classes'] as const;

/** GET /api/loan-classes: the buckets, the cure count and a change waiting for its checker. */
export const useLoanClasses = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get('/loan-classes', { schema: loanClassSettingsViewSchema, signal }),
  });

/** POST /api/loan-classes/changes — 202 {approvalId}: a second product manager approves. */
export function useChangeLoanClasses() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoanClassSettings) =>
      api.post('/loan-classes/changes', { body, schema: loanGradingRequestedSchema }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: KEY });
      void qc.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
}
