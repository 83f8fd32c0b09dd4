import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessDateSchema, type BusinessDate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/business-date — the bank's business date, apart from the wall clock (docs/ledger.md). */
export function getBusinessDate(signal?: AbortSignal): Promise<BusinessDate> {
  return api.get('/business-date', { schema: businessDateSchema, signal });
}

export const businessDateQueryOptions = () =>
  queryOptions({
    queryKey: ['business-date'],
    queryFn: ({ signal }) => getBusinessDate(signal),
    // End of day moves it; a minute's staleness is harmless, a request per screen is not.
    staleTime: 60_000,
  });

export function useBusinessDate(enabled: boolean) {
  return useQuery({ ...businessDateQueryOptions(), enabled });
}
