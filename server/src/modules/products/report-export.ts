import { ACCOUNT_STATUSES } from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { reportPdf, type PdfRow } from '../../lib/report-pdf.ts';
import type { ProductReport } from './reports.ts';

// Submitted/Approved are the pipeline; the report shows every status so the columns never move.
const header = ['Product', 'Name', 'Type', 'Ccy', 'Rate %', ...ACCOUNT_STATUSES, 'Accounts', 'Balance'];
const cells = (r: ProductReport['rows'][number]) => [
  r.code,
  r.name,
  r.accountType,
  r.currency,
  r.rate,
  ...ACCOUNT_STATUSES.map((s) => String(r.byStatus[s] ?? 0)),
  String(r.accounts),
  r.balance,
];

/** CSV through lib/csv.ts, so a product name such as "=HYPERLINK(…)" stays text in a spreadsheet. */
export function productReportCsv(d: ProductReport): string {
  let out = csvRow(['Report', 'Deposit products']);
  out += csvRow(['Business date', d.businessDate]);
  out += csvRow([]);
  out += csvRow(header);
  for (const r of d.rows) out += csvRow(cells(r));
  out += csvRow([]);
  for (const t of d.totals) out += csvRow(['Total', t.currency, t.accounts, t.balance]);
  return out;
}

/** The same table as the GL and customer reports (A4, gl-reports' helper). */
export function productReportPdf(d: ProductReport): PDFKit.PDFDocument {
  const rows: PdfRow[] = d.rows.map(cells);
  for (const t of d.totals)
    rows.push({
      bold: [
        'Total',
        '',
        '',
        t.currency,
        '',
        ...ACCOUNT_STATUSES.map(() => ''),
        String(t.accounts),
        t.balance,
      ],
    });
  const widths = [42, 70, 40, 24, 42, ...ACCOUNT_STATUSES.map(() => 28), 32, 62];
  return reportPdf({
    title: 'Deposit products',
    subtitle: [`Business date ${d.businessDate}`, 'Accounts by status, balances, the rate in force'],
    columns: header.map((title, i) => ({
      title,
      width: widths[i]!,
      align: i >= 4 ? ('right' as const) : ('left' as const),
    })),
    rows,
    footer: ['Deposit products report. Balances in each product’s currency; totals per currency.'],
  });
}
