import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eodRunCreatedSchema, type EodRunRequest } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/eod/runs — 202 { approvalId, runId }: a supervisor confirms it, then it runs. */
export function requestRun(body: EodRunRequest) {
  return api.post('/eod/runs', { body, schema: eodRunCreatedSchema });
}

export function useRequestRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestRun,
    onSettled: () => void qc.invalidateQueries({ queryKey: ['eod'] }),
  });
}
