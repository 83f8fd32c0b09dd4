import { useQuery } from '@tanstack/react-query';
import { loanSummarySchema } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

/** GET /api/loans?custId= — the customer's loans with what each still owes (newest first, 20). */
export const useCustomerLoans = (custId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['loans', 'customer', custId],
    queryFn: ({ signal }) =>
      getPage('/loans', loanSummarySchema, {
        page: 0,
        pageSize: 20,
        params: { custId: String(custId), sort: 'disbursed', order: 'desc' },
        signal,
      }),
    enabled,
    retry: false,
  });
