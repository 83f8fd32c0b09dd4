import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salaryBatchSchema, type SalaryBatch, type SalaryBatchCreate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/salary-batches — the file as text; the server validates every line (201, 200 on replay). */
export function uploadBatch(body: SalaryBatchCreate): Promise<SalaryBatch> {
  return api.post('/salary-batches', { body, schema: salaryBatchSchema });
}

export function useUploadBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadBatch,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['salary-batches', 'list'] }),
  });
}
