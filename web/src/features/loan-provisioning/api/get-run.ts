import { useQuery } from '@tanstack/react-query';
import { provisionRunSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/loan-provisioning/runs/:id — the run with its totals by currency and class. */
export const useProvisionRun = (id: number | null) =>
  useQuery({
    queryKey: ['loan-provisioning', 'run', id],
    queryFn: ({ signal }) => api.get(`/loan-provisioning/runs/${id}`, { schema: provisionRunSchema, signal }),
    enabled: id !== null,
    retry: false,
  });
