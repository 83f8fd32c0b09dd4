import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessDateSchema, type BusinessDate } from '@bankmanager/contracts';
import { api } from './api-client';

/**
 * GET /api/business-date for screens whose dates default to it (a rate's date, a standing order's
 * first payment). Same cache key as the header's badge, so it is fetched once.
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

export const useBusinessDate = () => useQuery(businessDateQueryOptions());
