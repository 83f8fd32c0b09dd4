import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalCreatedSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST …/submit — a clean draft goes to four-eyes approval (202 `{ approvalId }`). */
export function submitBatch(id: string): Promise<{ approvalId: string }> {
  return api.post(`/salary-batches/${encodeURIComponent(id)}/submit`, { schema: approvalCreatedSchema });
}

export function useSubmitBatch(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => submitBatch(id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['salary-batches'] });
      void qc.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
}
