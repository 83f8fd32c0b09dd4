import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema, type DashboardResponse } from '@bankmanager/contracts/dashboard';
import { api } from '@/lib/api-client';

/** GET /api/dashboard: stats, news, events, announcements and tasks. */
export function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return api.get('/dashboard', { schema: dashboardResponseSchema, signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: ({ signal }) => getDashboard(signal) });

/** `refetchInterval`: the fallback poll while the realtime channel is down (`false` while it is up). */
export function useDashboard(refetchInterval: number | false = false) {
  return useQuery({ ...dashboardQueryOptions(), refetchInterval });
}
