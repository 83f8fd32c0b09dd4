import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { executiveDashboardSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/reports/executive-dashboard[?branch=] — bank-wide, one branch, or the caller's own. */
export const executiveDashboardQuery = (branch: string | null) =>
  queryOptions({
    queryKey: ['reports', 'executive-dashboard', branch],
    queryFn: ({ signal }) =>
      api.get(`/reports/executive-dashboard${branch ? `?${new URLSearchParams({ branch })}` : ''}`, {
        schema: executiveDashboardSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useExecutiveDashboard = (branch: string | null) => useQuery(executiveDashboardQuery(branch));
