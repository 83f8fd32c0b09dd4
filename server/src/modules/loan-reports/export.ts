import {
  LOAN_REPORT_PDF_MAX_ROWS,
  REPORT_MAX_ROWS,
  formatAmount,
  type LoanReport,
  type LoanReportColumn,
  type LoanReportRow,
  type ReportTable,
} from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import type { DownloadFormat } from '../../lib/downloads.ts';
import { reportPdf, type PdfRow } from '../../lib/report-pdf.ts';
import { tablesXlsx } from '../../lib/report-table-files.ts';

/** The file name of a report's download: its id and date. */
export const loanReportFileName = (r: LoanReport, ext: DownloadFormat) => `${r.report}-${r.date}.${ext}`;

/** A row's cells in the report's column order, as plain strings (an empty cell for a missing value). */
export const rowCells = (r: LoanReport) => (row: LoanReportRow) => r.columns.map((c) => row[c.key] ?? '');

/**
 * The report as CSV: a title block, the header, every row, the totals, the reconciliation and the
 * notes. Money stays a plain decimal (no thousands separator) so a spreadsheet reads it as a number.
 */
export function loanReportCsv(r: LoanReport): string {
  const cells = rowCells(r);
  let out = csvRow([r.title]) + csvRow([`Business date ${r.date}`]);
  for (const s of r.subtitle) out += csvRow([s]);
  out += csvRow(r.columns.map((c) => c.label));
  for (const row of r.rows) out += csvRow(cells(row));
  for (const row of r.totals) out += csvRow(cells(row));
  if (r.reconciliation.length > 0) {
    out +=
      csvRow([]) +
      csvRow(['Reconciliation', 'GL accounts', 'Currency', 'Report', 'General ledger', 'Difference']);
    for (const x of r.reconciliation)
      out += csvRow([x.label, x.glCodes.join(' '), x.currency, x.report, x.ledger, x.difference]);
  }
  for (const n of r.notes) out += csvRow([n]);
  return out;
}

const WIDTH: Record<LoanReportColumn['kind'], number> = {
  text: 80,
  money: 72,
  count: 42,
  percent: 46,
  date: 58,
};
/** A4 across, less the margins. */
const PAGE = 762;

const shown = (c: LoanReportColumn, v: string | null | undefined) =>
  v === null || v === undefined
    ? ''
    : c.kind === 'money' && /^-?[0-9]+(\.[0-9]+)?$/.test(v)
      ? formatAmount(v)
      : v;

/** The report as an A4 landscape PDF, through the shared report layout; a long list stops with a note. */
export function loanReportPdf(r: LoanReport): PDFKit.PDFDocument {
  const raw = r.columns.map((c) => WIDTH[c.kind]);
  const scale = Math.min(1, PAGE / raw.reduce((a, b) => a + b, 0));
  const columns = r.columns.map((c, i) => ({
    title: c.label,
    width: Math.floor(raw[i]! * scale),
    align: c.kind === 'text' || c.kind === 'date' ? ('left' as const) : ('right' as const),
  }));
  const line = (row: LoanReportRow) => r.columns.map((c) => shown(c, row[c.key]));
  const rows: PdfRow[] = r.rows.slice(0, LOAN_REPORT_PDF_MAX_ROWS).map(line);
  if (r.rows.length > LOAN_REPORT_PDF_MAX_ROWS)
    rows.push({
      warning: `The first ${LOAN_REPORT_PDF_MAX_ROWS} of ${r.rows.length} rows: the CSV has them all.`,
    });
  for (const t of r.totals) rows.push({ bold: line(t) });
  const footer = [
    ...r.reconciliation.map(
      (x) =>
        `${x.label} (GL ${x.glCodes.join(', ')}, ${x.currency}): report ${formatAmount(x.report)}, general ledger ${formatAmount(x.ledger)}, difference ${formatAmount(x.difference)}`,
    ),
    ...r.notes,
  ];
  return reportPdf({
    title: r.title,
    subtitle: [`Business date ${r.date}`, ...r.subtitle],
    columns,
    rows,
    footer,
    landscape: true,
  });
}

/**
 * The report as a workbook for the accountants: the report on its sheet (money and counts as Excel
 * numbers, its notes under the title), and the reconciliation on a sheet of its own with the report's
 * total, the general ledger's and the difference as numbers, so the 0.00 can be checked in Excel.
 */
export function loanReportXlsx(r: LoanReport): Promise<Buffer> {
  const cells = rowCells(r);
  const kept = r.rows.length > REPORT_MAX_ROWS;
  const report: ReportTable = {
    title: r.title,
    subtitle: [
      `Business date ${r.date}`,
      ...r.subtitle,
      ...r.notes,
      ...(kept ? [`The first ${REPORT_MAX_ROWS} of ${r.rows.length} rows: the CSV has them all.`] : []),
    ],
    columns: r.columns.map((c) => ({ title: c.label, numeric: c.kind === 'money' || c.kind === 'count' })),
    rows: r.rows.slice(0, REPORT_MAX_ROWS).map(cells),
    totals: r.totals.map(cells),
    truncated: kept,
  };
  if (r.reconciliation.length === 0) return tablesXlsx([report]);
  const text = (title: string) => ({ title, numeric: false });
  const figure = (title: string) => ({ title, numeric: true });
  return tablesXlsx([
    report,
    {
      title: 'Against the general ledger',
      subtitle: [`${r.title}, business date ${r.date}: each difference must be 0.00`],
      columns: [
        text('Total'),
        text('GL accounts'),
        text('Currency'),
        figure('Report'),
        figure('General ledger'),
        figure('Difference'),
      ],
      rows: r.reconciliation.map((x) => [
        x.label,
        x.glCodes.join(', '),
        x.currency,
        x.report,
        x.ledger,
        x.difference,
      ]),
      totals: [],
      truncated: false,
    },
  ]);
}
