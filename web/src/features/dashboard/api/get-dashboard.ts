import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema, type DashboardResponse } from '@bankmanager/contracts/dashboard';
import { api } from '@/lib/api-client';

/** GET /api/dashboard: stats, news, events, announcements and tasks. */
export function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return api.get('/dashboard', { schema: dashboardResponseSchema, signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: ({ signal }) => getDashboard(signal) });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
