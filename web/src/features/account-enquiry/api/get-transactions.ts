import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  TRANSACTIONS_DEFAULT_LIMIT,
  transactionsPageSchema,
  type TransactionsPage,
} from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/accounts/:number/transactions — newest first; `cursor` continues where a page ended. */
export function getTransactions(
  number: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TransactionsPage> {
  const q = new URLSearchParams({ limit: String(TRANSACTIONS_DEFAULT_LIMIT) });
  if (cursor) q.set('cursor', cursor);
  return api.get(`/accounts/${encodeURIComponent(number)}/transactions?${q}`, {
    schema: transactionsPageSchema,
    signal,
  });
}

export const transactionsQueryOptions = (number: string) =>
  infiniteQueryOptions({
    queryKey: ['account-transactions', number],
    queryFn: ({ pageParam, signal }) => getTransactions(number, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** 'View More' appends the next page below the rows already shown. */
export function useTransactions(number: string) {
  return useInfiniteQuery(transactionsQueryOptions(number));
}
