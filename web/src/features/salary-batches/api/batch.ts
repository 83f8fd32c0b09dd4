import { useQuery } from '@tanstack/react-query';
import { salaryBatchSchema, type SalaryBatch } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/salary-batches/:id — totals, problems by kind, approval and posting. */
export function getBatch(id: string, signal?: AbortSignal): Promise<SalaryBatch> {
  return api.get(`/salary-batches/${encodeURIComponent(id)}`, { schema: salaryBatchSchema, signal });
}

export function useBatch(id: string) {
  return useQuery({
    queryKey: ['salary-batches', 'one', id],
    queryFn: ({ signal }) => getBatch(id, signal),
    retry: false,
  });
}
