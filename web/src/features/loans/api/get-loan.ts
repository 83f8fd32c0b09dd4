import { useQuery } from '@tanstack/react-query';
import { loanDetailSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/loans/:id — the loan 360. */
export const useLoan = (id: number) =>
  useQuery({
    queryKey: ['loans', 'one', id],
    queryFn: ({ signal }) => api.get(`/loans/${id}`, { schema: loanDetailSchema, signal }),
    retry: false,
  });
