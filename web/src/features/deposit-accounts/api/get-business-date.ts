import { useQuery } from '@tanstack/react-query';
import { businessDateSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/**
 * GET /api/business-date — the overdraft schedule counts days overdrawn to it, not to the wall clock.
 * Same cache key as the business-date feature, so the header badge and this screen share one request.
 */
export function useBusinessDate() {
  return useQuery({
    queryKey: ['business-date'],
    queryFn: ({ signal }) => api.get('/business-date', { schema: businessDateSchema, signal }),
    staleTime: 60_000,
  });
}
