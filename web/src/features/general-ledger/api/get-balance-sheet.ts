import { useQuery } from '@tanstack/react-query';
import { balanceSheetSchema, type BalanceSheet } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/gl/balance-sheet?date= — assets, liabilities and equity at the end of the date. */
export function getBalanceSheet(date: string, signal?: AbortSignal): Promise<BalanceSheet> {
  return api.get(`/gl/balance-sheet?${new URLSearchParams({ date })}`, {
    schema: balanceSheetSchema,
    signal,
  });
}

export function useBalanceSheet(date: string) {
  return useQuery({
    queryKey: ['gl-balance-sheet', date],
    queryFn: ({ signal }) => getBalanceSheet(date, signal),
    enabled: date !== '',
    retry: false,
  });
}
