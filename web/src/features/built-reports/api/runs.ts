import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reportRunSchema,
  reportTableSchema,
  type ReportRun,
  type ReportRunRequest,
} from '@bankmanager/contracts/built-reports';
import { TOTAL_COUNT_HEADER } from '@bankmanager/contracts/paging';
import { api, apiDownload } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';

export const RUNS_PAGE_SIZE = 10;
export const RESULT_PAGE_SIZE = 50;
const runsKey = ['built-reports', 'runs'] as const;

const active = (rows: ReportRun[] | undefined) =>
  rows?.some((r) => r.status === 'queued' || r.status === 'running');

/** GET /api/built-reports/runs: the caller's runs; polls every second while one is queued or running. */
export const useMyRuns = (page: number) =>
  useQuery({
    ...queryOptions({
      queryKey: [...runsKey, page],
      queryFn: ({ signal }) =>
        getPage('/built-reports/runs', reportRunSchema, { page, pageSize: RUNS_PAGE_SIZE, signal }),
      placeholderData: keepPreviousData,
    }),
    refetchInterval: (q) => (active(q.state.data?.rows) ? 1000 : false),
  });

/** POST /api/built-reports/runs: queues a run (202). */
export function useRunReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportRunRequest) =>
      api.post('/built-reports/runs', { body, schema: reportRunSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: runsKey }),
  });
}

/** POST /api/built-reports/runs/:id/retry. */
export function useRetryRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/built-reports/runs/${id}/retry`, { schema: reportRunSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: runsKey }),
  });
}

/** GET /api/built-reports/runs/:id/result: one page of a finished run's table. */
export const useRunResult = (id: string | null, page: number) =>
  useQuery({
    queryKey: ['built-reports', 'result', id, page],
    enabled: id !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      let total = 0;
      const table = await api.get(
        `/built-reports/runs/${id}/result?page=${page + 1}&pageSize=${RESULT_PAGE_SIZE}`,
        {
          schema: reportTableSchema,
          signal,
          onResponse: (res) => (total = Number(res.headers.get(TOTAL_COUNT_HEADER) ?? 0)),
        },
      );
      return { table, total };
    },
  });

/** Saves a finished run's file under a name that says what it is. */
export const downloadRun = (run: Pick<ReportRun, 'id' | 'reportId' | 'format'>) =>
  apiDownload(`/built-reports/runs/${run.id}/file`, `${run.reportId}-${run.id}.${run.format}`);
