import type {
  LoanReport,
  LoanReportColumn,
  LoanReportRow,
} from '@bankmanager/contracts/lending/loan-reports';
import { formatAmount, formatDate } from '@bankmanager/contracts/format';
import { SortableTableHead, type SortOrder } from '@/components/ui/sortable-table-head';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const MONEY = /^-?[0-9]+(\.[0-9]+)?$/;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** A cell as people read it: money with separators, dates in the format policy's style. */
export function cellText(c: LoanReportColumn, v: string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  if (c.kind === 'money' && MONEY.test(v)) return formatAmount(v);
  if (c.kind === 'date' && ISO.test(v)) return formatDate(v);
  return v;
}

const figure = (c: LoanReportColumn) => c.kind !== 'text' && c.kind !== 'date';

/**
 * One report's table: its typed columns (a sortable one sorts in the database), its rows, and its
 * totals set bold at the foot; the server decides every figure.
 */
export function ReportTable({
  report,
  sort,
  order,
  onSort,
}: {
  report: LoanReport;
  sort: string;
  order: SortOrder;
  onSort: (key: string, order: SortOrder) => void;
}) {
  const cells = (row: LoanReportRow) =>
    report.columns.map((c) => (
      <TableCell
        key={c.key}
        align={figure(c) ? 'right' : 'left'}
        kind={figure(c) ? 'amount' : c.kind === 'date' ? 'date' : 'text'}
      >
        {cellText(c, row[c.key])}
      </TableCell>
    ));
  return (
    <Table aria-label={`${report.title} on ${formatDate(report.date)}`}>
      <TableHeader>
        <TableRow className="border-t-0">
          {report.columns.map((c) =>
            c.sortable ? (
              <SortableTableHead
                key={c.key}
                label={c.label}
                sortKey={c.key}
                sort={sort}
                order={order}
                onSort={onSort}
                align={figure(c) ? 'right' : undefined}
              />
            ) : (
              <TableHead key={c.key} align={figure(c) ? 'right' : 'left'}>
                {c.label}
              </TableHead>
            ),
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {report.rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={report.columns.length}>Nothing to report for this date.</TableCell>
          </TableRow>
        ) : (
          report.rows.map((r, i) => <TableRow key={i}>{cells(r)}</TableRow>)
        )}
        {report.totals.map((r, i) => (
          <TableRow key={`t${i}`} className="bg-muted/50 font-semibold">
            {cells(r)}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The report's totals beside the general ledger's, with the difference that must be 0.00. */
export function ReconciliationTable({ report }: { report: LoanReport }) {
  if (report.reconciliation.length === 0) return null;
  return (
    <Table aria-label="Against the general ledger">
      <TableHeader>
        <TableRow className="border-t-0">
          <TableHead>Total</TableHead>
          <TableHead>GL accounts</TableHead>
          <TableHead>Currency</TableHead>
          <TableHead align="right">Report</TableHead>
          <TableHead align="right">General ledger</TableHead>
          <TableHead align="right">Difference</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {report.reconciliation.map((x) => (
          <TableRow key={`${x.label}-${x.currency}`}>
            <TableCell>{x.label}</TableCell>
            <TableCell kind="code">{x.glCodes.join(', ')}</TableCell>
            <TableCell>{x.currency}</TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(x.report)}
            </TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(x.ledger)}
            </TableCell>
            <TableCell
              align="right"
              kind="amount"
              className={x.difference === '0.00' ? '' : 'text-destructive'}
            >
              {formatAmount(x.difference)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
