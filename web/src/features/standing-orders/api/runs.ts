import { useQuery } from '@tanstack/react-query';
import { standingOrderRunSchema, type Page, type StandingOrderRun } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

/** GET /api/standing-orders/:id/runs — each due date's outcome, newest first (the last 20). */
export function getRuns(id: string, signal?: AbortSignal): Promise<Page<StandingOrderRun>> {
  return getPage(`/standing-orders/${encodeURIComponent(id)}/runs`, standingOrderRunSchema, {
    page: 0,
    pageSize: 20,
    signal,
  });
}

export function useRuns(id: string) {
  return useQuery({
    queryKey: ['standing-orders', 'runs', id],
    queryFn: ({ signal }) => getRuns(id, signal),
    retry: false,
  });
}
