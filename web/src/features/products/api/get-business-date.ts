import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessDateSchema, type BusinessDate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/**
 * GET /api/business-date: a new terms version takes effect on it or later. Features may not import
 * each other, so this is our own fetcher; it shares the business-date feature's cache key.
 */
export function getBusinessDate(signal?: AbortSignal): Promise<BusinessDate> {
  return api.get('/business-date', { schema: businessDateSchema, signal });
}

export const businessDateQueryOptions = () =>
  queryOptions({
    queryKey: ['business-date'],
    queryFn: ({ signal }) => getBusinessDate(signal),
    staleTime: 60_000,
  });

export function useBusinessDate() {
  return useQuery(businessDateQueryOptions());
}
