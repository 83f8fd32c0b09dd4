import { displayReportCell, type EodReport } from '@bankmanager/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** An end-of-day report as the CSV and PDF show it: the same columns, rows and totals. */
export function ReportTable({ report }: { report: EodReport }) {
  return (
    <div className="space-y-2">
      {report.subtitle.map((s) => (
        <p key={s} className="text-muted-foreground text-sm">
          {s}
        </p>
      ))}
      <div className="overflow-x-auto">
        <Table aria-label={report.title}>
          <TableHeader>
            <TableRow>
              {report.columns.map((c) => (
                <TableHead key={c.title} align={c.numeric ? 'right' : undefined}>
                  {c.title}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={report.columns.length}>Nothing to report for this period.</TableCell>
              </TableRow>
            ) : null}
            {[...report.rows, ...report.totals].map((row, i) => (
              <TableRow key={i} className={i >= report.rows.length ? 'font-semibold' : undefined}>
                {row.map((_, j) => (
                  <TableCell
                    key={j}
                    align={report.columns[j]?.numeric ? 'right' : undefined}
                    className="tabular-nums"
                  >
                    {displayReportCell(report, row, j)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {report.truncated ? (
        <p className="text-sm">More rows than the screen shows: download the CSV for all of them.</p>
      ) : null}
    </div>
  );
}
