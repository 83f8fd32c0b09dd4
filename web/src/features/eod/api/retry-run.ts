import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eodRunSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/eod/runs/:id/retry — a failed run goes on from its failed step; a completed one posts nothing. */
export function retryRun(id: string) {
  return api.post(`/eod/runs/${encodeURIComponent(id)}/retry`, { schema: eodRunSchema });
}

export function useRetryRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryRun,
    onSuccess: (run) => {
      qc.setQueryData(['eod', 'run', run.id], run);
      void qc.invalidateQueries({ queryKey: ['eod', 'runs'] });
    },
  });
}
