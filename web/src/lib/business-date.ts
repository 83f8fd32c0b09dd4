import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessDateSchema, type BusinessDate } from '@bankmanager/contracts';
import { api } from './api-client';

/**
 * GET /api/business-date — the bank's business date, apart from the wall clock (docs/ledger.md).
 * The header's badge shows it; dates that default to it (a rate's, a standing order's first payment,
 * a new terms version's effective date) and the days an overdraft has run are counted from it. Every
 * screen reads it through this one cache key, so it is fetched once.
 */
export function getBusinessDate(signal?: AbortSignal): Promise<BusinessDate> {
  return api.get('/business-date', { schema: businessDateSchema, signal });
}

/** The cache key end of day invalidates when it moves the date. */
export const businessDateQueryKey = ['business-date'] as const;

export const businessDateQueryOptions = () =>
  queryOptions({
    queryKey: businessDateQueryKey,
    queryFn: ({ signal }) => getBusinessDate(signal),
    // End of day moves it; a minute's staleness is harmless, a request per screen is not.
    staleTime: 60_000,
  });

/** `enabled` is false before sign-in, when the header shows no date. */
export function useBusinessDate(enabled = true) {
  return useQuery({ ...businessDateQueryOptions(), enabled });
}
