import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loanProductSchema, type LoanProductListQuery } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const LOAN_PRODUCTS_PAGE_SIZE = 25;

export interface LoanProductListParams {
  /** 0-based. */
  page: number;
  sort: LoanProductListQuery['sort'];
  order: LoanProductListQuery['order'];
}

/** GET /api/loan-products — one page, sorted by the server, the total in X-Total-Count. */
export const loanProductsQueryOptions = (p: LoanProductListParams) =>
  queryOptions({
    queryKey: ['loan-products', 'list', p],
    queryFn: ({ signal }) =>
      getPage('/loan-products', loanProductSchema, {
        page: p.page,
        pageSize: LOAN_PRODUCTS_PAGE_SIZE,
        params: { sort: p.sort, order: p.order },
        signal,
      }),
  });

export function useLoanProducts(p: LoanProductListParams) {
  return useQuery({ ...loanProductsQueryOptions(p), placeholderData: keepPreviousData, retry: false });
}
