import { useMutation, useQueryClient } from '@tanstack/react-query';
import { provisionRunSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/loan-provisioning/runs — computes (or computes again) the draft as of a closed date. */
export function useComputeRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (asOf: string) =>
      api.post('/loan-provisioning/runs', { body: asOf ? { asOf } : {}, schema: provisionRunSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['loan-provisioning'] }),
  });
}
