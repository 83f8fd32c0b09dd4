import { useQuery } from '@tanstack/react-query';
import { loanBookSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/**
 * GET /api/loans/:id/book — the loan in the nightly book: class, days past due, receivables, the
 * interest and penalties held in suspense, the penalties charged and the last days. It changes only
 * at end of day, so it is fetched when the tab opens, not watched live.
 */
export function useLoanBook(id: number) {
  return useQuery({
    queryKey: ['loans', 'book', id] as const,
    queryFn: ({ signal }) => api.get(`/loans/${id}/book`, { schema: loanBookSchema, signal }),
    retry: false,
  });
}
