import { useState } from 'react';
import { BUILT_REPORT_FORMAT_LABELS, type ReportRun } from '@bankmanager/contracts/built-reports';
import { formatDateTime } from '@bankmanager/contracts/format';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RUNS_PAGE_SIZE, useMyRuns } from '../api/runs';
import { RunActions } from './run-actions';
import { RunStatus } from './run-status';

/** Parameters as one line ("from 2026-11-01, to 2026-11-24"), for the lists. */
export const paramsText = (run: Pick<ReportRun, 'params'>) =>
  Object.entries(run.params)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || '—';

/** The caller's runs, newest first, paged in the database; polls while one is queued or running. */
export function MyRuns({ onView }: { onView: (id: string) => void }) {
  const [page, setPage] = useState(0);
  const q = useMyRuns(page);
  if (q.isError) return <p className="text-destructive text-sm">{q.error.message}</p>;
  const rows = q.data?.rows ?? [];
  return (
    <div className="grid gap-3">
      <Table aria-label="My report runs">
        <TableHeader>
          <TableRow>
            <TableHead>Report</TableHead>
            <TableHead>Parameters</TableHead>
            <TableHead>Output</TableHead>
            <TableHead>Asked at</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Action</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>{q.isLoading ? 'Loading...' : 'No runs yet.'}</TableCell>
            </TableRow>
          ) : (
            rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.title}</TableCell>
                <TableCell>{paramsText(r)}</TableCell>
                <TableCell>{BUILT_REPORT_FORMAT_LABELS[r.format]}</TableCell>
                <TableCell kind="date">{formatDateTime(r.createdAt)}</TableCell>
                <TableCell>
                  <RunStatus run={r} />
                </TableCell>
                <TableCell>
                  <RunActions run={r} onView={onView} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        pageSize={RUNS_PAGE_SIZE}
        total={q.data?.total ?? 0}
        onPage={setPage}
        busy={q.isPlaceholderData}
      />
    </div>
  );
}
