import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { loanSummarySchema, type LoanListQuery } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const LOANS_PAGE_SIZE = 25;

export interface LoanListParams {
  /** 0-based. */
  page: number;
  sort: LoanListQuery['sort'];
  order: LoanListQuery['order'];
  status?: LoanListQuery['status'];
  branch?: string;
  product?: string;
  account?: string;
  custId?: number;
  pageSize?: number;
}

/** GET /api/loans — one page, filtered and sorted by the server, the total in X-Total-Count. */
export function useLoans(p: LoanListParams) {
  return useQuery({
    queryKey: ['loans', 'list', p],
    queryFn: ({ signal }) =>
      getPage('/loans', loanSummarySchema, {
        page: p.page,
        pageSize: p.pageSize ?? LOANS_PAGE_SIZE,
        params: {
          sort: p.sort,
          order: p.order,
          status: p.status,
          branch: p.branch,
          product: p.product,
          account: p.account,
          custId: p.custId ? String(p.custId) : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
