import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trialBalanceSchema, type TrialBalance } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/gl/trial-balance?date= — rows per GL account and currency, totals per currency. */
export function getTrialBalance(date: string, signal?: AbortSignal): Promise<TrialBalance> {
  return api.get(`/gl/trial-balance?${new URLSearchParams({ date })}`, {
    schema: trialBalanceSchema,
    signal,
  });
}

export const trialBalanceKey = (date: string) => ['gl-trial-balance', date] as const;

export function useTrialBalance(date: string) {
  return useQuery({
    queryKey: trialBalanceKey(date),
    queryFn: ({ signal }) => getTrialBalance(date, signal),
    placeholderData: keepPreviousData,
    enabled: date !== '',
    retry: false,
  });
}
