import { useMutation, useQueryClient } from '@tanstack/react-query';
import { provisionPostAnswerSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/loan-provisioning/runs/:id/post — asks a second person to approve the posting. */
export function useRequestPosting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/loan-provisioning/runs/${id}/post`, { schema: provisionPostAnswerSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['loan-provisioning'] }),
  });
}
