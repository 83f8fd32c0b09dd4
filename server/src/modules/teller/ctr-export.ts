import { formatAmount, formatDateTime, type CtrFlag } from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { reportPdf } from '../../lib/report-pdf.ts';

const HEADER = [
  'Date',
  'Posted',
  'Branch',
  'Kind',
  'Account',
  'Holder',
  'Ccy',
  'Amount',
  'Person at counter',
  'ID',
  'Teller',
  'Reference',
];
const cells = (r: CtrFlag) => [
  r.businessDate,
  formatDateTime(r.postedAt),
  r.branch,
  r.kind,
  r.accountNumber,
  r.accountName,
  r.currency,
  r.amount,
  r.partyName,
  r.partyIdNumber,
  r.tellerEmail,
  r.reference,
];

/** Through lib/csv.ts, so a name such as "=HYPERLINK(…)" stays text in a spreadsheet. */
export function ctrCsv(rows: CtrFlag[]): string {
  return csvRow(HEADER) + rows.map((r) => csvRow(cells(r))).join('');
}

export function ctrPdf(rows: CtrFlag[], period: string, threshold: string): PDFKit.PDFDocument {
  const widths = [48, 0, 28, 44, 66, 84, 24, 60, 92, 66, 0, 0];
  return reportPdf({
    title: 'Currency transaction report candidates',
    subtitle: [period, `Cash transactions at or above ${threshold}`],
    columns: HEADER.map((title, i) => ({
      title,
      width: widths[i]!,
      align: i === 7 ? ('right' as const) : ('left' as const),
    })).filter((c) => c.width > 0),
    rows: rows.map((r) =>
      cells(r)
        .map((c, i) => (i === 7 ? formatAmount(c) : c))
        .filter((_, i) => widths[i]! > 0),
    ),
    footer: [`${rows.length} transaction(s). Posted time, teller and reference are in the CSV export.`],
  });
}
