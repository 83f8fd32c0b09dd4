import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { eodRunSchema, type EodRun, type EodStepView } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { watchRows } from '@/lib/realtime';

/** GET /api/eod/runs/:id — the run, each step's progress and its first failures. */
export function getRun(id: string, signal?: AbortSignal): Promise<EodRun> {
  return api.get(`/eod/runs/${encodeURIComponent(id)}`, { schema: eodRunSchema, signal });
}

export const runQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['eod', 'run', id], queryFn: ({ signal }) => getRun(id, signal) });

const active = (run?: EodRun) => run?.status === 'queued' || run?.status === 'running';

/**
 * A run, live: each step row the server commits arrives on /realtime/v1 (`eod_run_steps`) and is
 * merged into the cached run at once; a step finishing refetches the whole run (totals, failures, the
 * run's state). While the socket is not subscribed the run is polled every second instead.
 */
export function useLiveRun(id: string | undefined) {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);
  const query = useQuery({
    ...runQueryOptions(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (q) => (active(q.state.data) && !live ? 1000 : false),
  });
  useEffect(() => {
    if (!id) return;
    const key = runQueryOptions(id).queryKey;
    return watchRows(
      `eod-run:${id}`,
      { table: 'eod_run_steps', filter: `run_id=eq.${id}` },
      (row) => {
        qc.setQueryData<EodRun>(key, (run) => (run ? mergeStep(run, row) : run));
        if (row.status !== 'running') void qc.invalidateQueries({ queryKey: key });
      },
      (on) => {
        setLive(on);
        if (on) void qc.invalidateQueries({ queryKey: key });
      },
    );
  }, [id, qc]);
  return { ...query, live };
}

/** A step row as realtime sends it (snake_case, numbers as text) merged into the run's steps. */
function mergeStep(run: EodRun, row: Record<string, unknown>): EodRun {
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  const steps = run.steps.map((s): EodStepView =>
    s.step !== row.step
      ? s
      : {
          ...s,
          status: (str(row.status) ?? s.status) as EodStepView['status'],
          rowsTotal: num(row.rows_total),
          rowsDone: num(row.rows_done),
          rowsFailed: num(row.rows_failed),
          startedAt: str(row.started_at),
          finishedAt: str(row.finished_at),
          updatedAt: str(row.updated_at) ?? s.updatedAt,
          note: str(row.note),
          error: str(row.error),
        },
  );
  return { ...run, status: run.status === 'queued' ? 'running' : run.status, steps };
}
