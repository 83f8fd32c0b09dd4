import type { QueryClient } from '@tanstack/react-query';

/** Every mutation here changes balances or statuses the lists and the panel show: refetch them all. */
export const invalidateAccounts = (qc: QueryClient) =>
  qc.invalidateQueries({ queryKey: ['deposit-accounts'] });
