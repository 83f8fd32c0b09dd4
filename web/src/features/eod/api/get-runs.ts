import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { eodRunSummarySchema } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const RUNS_PAGE_SIZE = 10;

/** GET /api/eod/runs — runs, newest first, paged (X-Total-Count). */
export const runsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['eod', 'runs', page],
    queryFn: ({ signal }) =>
      getPage('/eod/runs', eodRunSummarySchema, { page, pageSize: RUNS_PAGE_SIZE, signal }),
    placeholderData: keepPreviousData,
  });

export function useRuns(page: number, live: boolean) {
  return useQuery({ ...runsQueryOptions(page), refetchInterval: live ? 5000 : false });
}
