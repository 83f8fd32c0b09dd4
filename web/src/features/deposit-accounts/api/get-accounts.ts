import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accountRowSchema, type AccountRow, type Page } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const ACCOUNTS_PAGE_SIZE = 20;

/** GET /api/accounts's filters as the screen keeps them (strings; empty = unset). */
export type AccountListParams = Partial<
  Record<'custId' | 'status' | 'type' | 'product' | 'branch' | 'q' | 'overdrawn' | 'sort' | 'order', string>
>;

/** GET /api/accounts — one page of accounts; the total is in X-Total-Count. */
export function getAccounts(
  params: AccountListParams,
  page: number,
  pageSize = ACCOUNTS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<Page<AccountRow>> {
  return getPage('/accounts', accountRowSchema, { page, pageSize, params: { ...params }, signal });
}

export const accountsQueryOptions = (
  params: AccountListParams,
  page: number,
  pageSize = ACCOUNTS_PAGE_SIZE,
) =>
  queryOptions({
    queryKey: ['deposit-accounts', 'list', params, page, pageSize],
    queryFn: ({ signal }) => getAccounts(params, page, pageSize, signal),
  });

export function useAccounts(params: AccountListParams, page: number, pageSize = ACCOUNTS_PAGE_SIZE) {
  // The previous page stays on screen while the next loads; Pagination's `busy` says so.
  return useQuery({ ...accountsQueryOptions(params, page, pageSize), placeholderData: keepPreviousData });
}
