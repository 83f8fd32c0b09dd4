import { useState } from 'react';
import { formatAmount } from '@bankmanager/contracts/format';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RESULT_PAGE_SIZE, useRunResult } from '../api/runs';

const cell = (numeric: boolean, v: string | undefined) =>
  numeric && v && /^-?\d+\.\d{2}$/.test(v) ? formatAmount(v) : (v ?? '');

/** A finished run's table on screen, a page at a time from the server, the totals under every page. */
export function ResultView({ runId }: { runId: string }) {
  const [page, setPage] = useState(0);
  const q = useRunResult(runId, page);
  if (q.isError) return <p className="text-destructive text-sm">{q.error.message}</p>;
  if (!q.data) return <p className="text-sm">Loading...</p>;
  const { table, total } = q.data;
  return (
    <section aria-labelledby="result-title" className="grid gap-3">
      <div>
        <h2 id="result-title" className="text-lg font-semibold">
          {table.title}
        </h2>
        {table.subtitle.map((s) => (
          <p key={s} className="text-muted-foreground text-sm">
            {s}
          </p>
        ))}
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            {table.columns.map((c) => (
              <TableHead key={c.title} align={c.numeric ? 'right' : undefined}>
                {c.title}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.rows.map((r, i) => (
            <TableRow key={i}>
              {table.columns.map((c, j) => (
                <TableCell
                  key={j}
                  align={c.numeric ? 'right' : undefined}
                  kind={c.numeric ? 'amount' : undefined}
                >
                  {cell(c.numeric, r[j])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {table.totals.map((r, i) => (
            <TableRow key={`t${i}`} className="font-semibold">
              {table.columns.map((c, j) => (
                <TableCell
                  key={j}
                  align={c.numeric ? 'right' : undefined}
                  kind={c.numeric ? 'amount' : undefined}
                >
                  {cell(c.numeric, r[j])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        pageSize={RESULT_PAGE_SIZE}
        total={total}
        onPage={setPage}
        busy={q.isPlaceholderData}
      />
    </section>
  );
}
