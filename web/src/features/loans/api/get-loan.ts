import { useQuery } from '@tanstack/react-query';
import { loanDetailSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { useLiveRefetch } from '@/lib/realtime';

export const loanQueryKey = (id: number) => ['loans', 'one', id] as const;

/**
 * GET /api/loans/:id — the loan 360, live: a repayment posted on the loan by any channel (the
 * teller, a transfer, the end-of-day auto-debit) arrives on /realtime/v1 (`loan_repayments`, which
 * the server sends only to loans.read holders in the loan's branch) and refetches it. While the
 * socket is down it polls instead.
 */
export function useLoan(id: number) {
  const poll = useLiveRefetch(
    `loan:${id}`,
    [{ table: 'loan_repayments', filter: `loan_id=eq.${id}` }],
    [loanQueryKey(id)],
  );
  return useQuery({
    queryKey: loanQueryKey(id),
    queryFn: ({ signal }) => api.get(`/loans/${id}`, { schema: loanDetailSchema, signal }),
    retry: false,
    refetchInterval: poll,
  });
}
