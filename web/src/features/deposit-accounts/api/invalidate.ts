import type { QueryClient } from '@tanstack/react-query';

/** Every query here sits under this key: the lists, the panel, its holds and overdraft. */
export const ACCOUNTS_QUERY_KEY = ['deposit-accounts'] as const;

/** Every mutation here changes balances or statuses the lists and the panel show: refetch them all. */
export const invalidateAccounts = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
