import { useEffect, useState } from 'react';
import { describeStepTotals, formatCount, type EodRun } from '@bankmanager/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { duration, stepProgress } from '../lib/progress';
import { StateBadge } from './state-badge';

/** Re-renders every second while something runs, so elapsed time and the ETA move. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [ticking]);
  return now;
}

/** Each step of a run: state, rows done of the total, rate, elapsed, time left, failures, what it did. */
export function StepTable({ run }: { run: EodRun }) {
  const now = useNow(run.status === 'running' || run.status === 'queued');
  return (
    <div className="overflow-x-auto">
      <Table aria-label={`Steps of run ${run.id}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Step</TableHead>
            <TableHead>State</TableHead>
            <TableHead>Progress</TableHead>
            <TableHead align="right">Rate</TableHead>
            <TableHead align="right">Elapsed</TableHead>
            <TableHead align="right">Left</TableHead>
            <TableHead align="right">Failed</TableHead>
            <TableHead>What it did</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {run.steps.map((s) => {
            const p = stepProgress(s, now);
            const did =
              s.error ?? (Object.keys(s.totals).length ? describeStepTotals(s.totals) : (s.note ?? ''));
            return (
              <TableRow key={s.step} data-step={s.step}>
                <TableCell className="font-medium">{s.label}</TableCell>
                <TableCell>
                  <StateBadge step={s.status} />
                </TableCell>
                <TableCell className="min-w-40">
                  <div
                    role="progressbar"
                    aria-label={`${s.label} progress`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={p.percent ?? undefined}
                    aria-valuetext={`${formatCount(s.rowsDone)} of ${formatCount(s.rowsTotal)} rows`}
                    className="bg-muted h-2 w-full overflow-hidden rounded"
                  >
                    <div className="bg-primary h-2" style={{ width: `${p.percent ?? 0}%` }} />
                  </div>
                  <span className="text-muted-foreground text-xs tabular-nums">
                    {formatCount(s.rowsDone)} / {formatCount(s.rowsTotal)}
                  </span>
                </TableCell>
                <TableCell align="right" className="tabular-nums">
                  {p.rate === null ? '—' : `${formatCount(Math.round(p.rate))}/s`}
                </TableCell>
                <TableCell align="right" className="tabular-nums">
                  {duration(p.elapsedMs)}
                </TableCell>
                <TableCell align="right" className="tabular-nums">
                  {duration(p.etaMs)}
                </TableCell>
                <TableCell align="right" className="tabular-nums">
                  {formatCount(s.rowsFailed)}
                </TableCell>
                <TableCell className={s.error ? 'text-destructive text-sm' : 'text-sm'}>{did}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
