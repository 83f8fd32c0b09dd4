import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { eodRunIdParamSchema, formatDateTime, formatLongDate } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { useUrlPage, useUrlParams } from '@/hooks/use-url-state';
import { businessDateQueryKey } from '@/lib/business-date';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useLiveRun } from '../api/get-run';
import { RUNS_PAGE_SIZE, useRuns } from '../api/get-runs';
import { useRetryRun } from '../api/retry-run';
import { DownloadButtons } from '@/components/download-buttons';
import { downloadEodReport } from '../api/get-report';
import { StateBadge } from '../components/state-badge';
import { StepTable } from '../components/step-table';

/**
 * /system/batch/processes: the runs, and one run (?run=, else the newest) live — each step's state,
 * rows done of the total, rate, elapsed, time left and failures, over /realtime/v1 (polling while the
 * socket is down). When a run completes the header's business date is refetched.
 */
export function ProcessesRoute() {
  // The chosen run and the runs' page live in the query string: a reload, Back or a link keeps them.
  const [params, setParams] = useUrlParams();
  const [page, setPage] = useUrlPage();
  const qc = useQueryClient();
  const runs = useRuns(page, true);
  // A hand-edited run that is not a run id shows the newest run rather than a refused request.
  const inUrl = eodRunIdParamSchema.shape.id.safeParse(params.get('run'));
  const chosen = inUrl.success ? inUrl.data : runs.data?.rows[0]?.id;
  const run = useLiveRun(chosen);
  const retry = useRetryRun();
  const status = run.data?.status;
  useEffect(() => {
    // The header's business date moves when a run completes.
    if (status === 'completed') void qc.invalidateQueries({ queryKey: businessDateQueryKey });
    if (status) void qc.invalidateQueries({ queryKey: ['eod', 'runs'] });
  }, [status, qc]);

  return (
    <main className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Batch Processes</h1>
      {run.data ? (
        <section aria-labelledby="run-heading" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="run-heading" className="text-lg font-semibold">
              Run {run.data.id}: {formatLongDate(run.data.businessDate)} →{' '}
              {formatLongDate(run.data.nextBusinessDate)}
            </h2>
            <div className="flex items-center gap-2">
              <StateBadge run={run.data.status} />
              <span className="text-muted-foreground text-xs" aria-live="polite">
                {run.live ? 'Live' : 'Updating every second'}
              </span>
            </div>
          </div>
          <p className="text-muted-foreground text-sm">
            Asked by {run.data.requestedBy}; confirmed by {run.data.approvedBy ?? '—'}
            {run.data.startedAt ? `; started ${formatDateTime(run.data.startedAt)}` : ''}
            {run.data.finishedAt ? `; ended ${formatDateTime(run.data.finishedAt)}` : ''}.
          </p>
          {run.data.error ? (
            <p role="alert" className="text-destructive text-sm">
              {run.data.error}
            </p>
          ) : null}
          <StepTable run={run.data} />
          <div className="flex flex-wrap items-center gap-3">
            {run.data.status === 'failed' || run.data.status === 'completed' ? (
              <Button
                variant={run.data.status === 'failed' ? 'default' : 'outline'}
                disabled={retry.isPending}
                onClick={() => retry.mutate(run.data.id)}
              >
                {run.data.status === 'failed'
                  ? 'Retry from the failed step'
                  : 'Run this date again (posts nothing)'}
              </Button>
            ) : null}
            <span className="text-sm">Daily end-of-day report:</span>
            <DownloadButtons
              what="the daily end-of-day report"
              download={(format) => downloadEodReport('daily', { date: run.data.businessDate }, format)}
            />
          </div>
          {retry.error ? (
            <p role="alert" className="text-destructive text-sm">
              {retry.error.message}
            </p>
          ) : null}
          {run.data.failureCount > 0 ? (
            <section aria-labelledby="failures-heading" className="space-y-2">
              <h3 id="failures-heading" className="font-semibold">
                Accounts that failed ({run.data.failureCount})
              </h3>
              <ul className="space-y-1 text-sm">
                {run.data.failures.map((f, i) => (
                  <li key={i} className="break-words">
                    <span className="font-mono">{f.accountNumber ?? '—'}</span> · {f.step.replace(/_/g, ' ')}{' '}
                    · {f.error}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </section>
      ) : runs.data && runs.data.rows.length === 0 ? (
        <p>No end-of-day run yet.</p>
      ) : (
        <p role="status">Loading…</p>
      )}
      <section aria-labelledby="runs-heading" className="space-y-3">
        <h2 id="runs-heading" className="text-lg font-semibold">
          Runs
        </h2>
        <div className="overflow-x-auto">
          <Table aria-label="End-of-day runs">
            <TableHeader>
              <TableRow>
                <TableHead>Run</TableHead>
                <TableHead>Business date</TableHead>
                <TableHead>State</TableHead>
                <TableHead>Asked by</TableHead>
                <TableHead>Asked at</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {runs.data?.rows.map((r) => (
                <TableRow key={r.id} data-state={r.id === chosen ? 'selected' : undefined}>
                  <TableCell>
                    <Button variant="link" className="h-auto p-0" onClick={() => setParams({ run: r.id })}>
                      Run {r.id}
                    </Button>
                  </TableCell>
                  <TableCell>{formatLongDate(r.businessDate)}</TableCell>
                  <TableCell>
                    <StateBadge run={r.status} />
                  </TableCell>
                  <TableCell className="break-all">{r.requestedBy}</TableCell>
                  <TableCell>{formatDateTime(r.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {runs.data ? (
          <Pagination
            page={page}
            pageSize={RUNS_PAGE_SIZE}
            total={runs.data.total}
            onPage={setPage}
            busy={runs.isFetching}
          />
        ) : null}
      </section>
    </main>
  );
}
