import { queryOptions, useQuery } from '@tanstack/react-query';
import { tellerTransactionSchema } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';
import { tellerKeys } from './keys';

export const JOURNAL_PAGE_SIZE = 10;

/** GET /api/teller/sessions/:id/transactions: a page (0-based) of the session's journal, newest first. */
export const getSessionTransactions = (sessionId: string, page: number, signal?: AbortSignal) =>
  getPage(`/teller/sessions/${encodeURIComponent(sessionId)}/transactions`, tellerTransactionSchema, {
    page,
    pageSize: JOURNAL_PAGE_SIZE,
    signal,
  });

export const sessionTransactionsQueryOptions = (sessionId: string, page: number) =>
  queryOptions({
    queryKey: [...tellerKeys.transactions(sessionId), page],
    queryFn: ({ signal }) => getSessionTransactions(sessionId, page, signal),
  });

export const useSessionTransactions = (sessionId: string, page: number) =>
  useQuery(sessionTransactionsQueryOptions(sessionId, page));
