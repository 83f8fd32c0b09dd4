import type { CustomerReportData } from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { reportPdf, type PdfRow } from '../../lib/report-pdf.ts';

const id6 = (id: number) => String(id).padStart(6, '0');
const header = ['Customer', 'Name', 'Type', 'Branch', 'Status', 'Risk', 'Opened', 'Note'];
const cells = (r: CustomerReportData['rows'][number]) => [
  id6(r.id),
  r.name,
  r.type,
  r.branch,
  r.status,
  r.risk,
  r.createdAt,
  r.note,
];
const capped = (d: CustomerReportData) =>
  d.total > d.rows.length
    ? `First ${d.rows.length} of ${d.total} customers: narrow the period or branch.`
    : undefined;

/** CSV through lib/csv.ts, so a name such as "=HYPERLINK(…)" is text in a spreadsheet. */
export function reportCsv(d: CustomerReportData): string {
  let out = csvRow(['Report', d.title]);
  out += csvRow(['Period', `${d.from} to ${d.to}`]);
  out += csvRow(['Branch', d.branch ?? 'All branches']);
  out += csvRow(['Customers', d.total]);
  const note = capped(d);
  if (note) out += csvRow(['Note', note]);
  out += csvRow([]);
  out += csvRow(header);
  for (const r of d.rows) out += csvRow(cells(r));
  return out;
}

/** The same rows as the GL reports' A4 table. */
export function reportPdfOf(d: CustomerReportData): PDFKit.PDFDocument {
  const rows: PdfRow[] = [];
  const note = capped(d);
  if (note) rows.push({ warning: note });
  for (const r of d.rows) rows.push(cells(r));
  const widths = [45, 110, 55, 35, 45, 40, 55, 130];
  return reportPdf({
    title: d.title,
    subtitle: [
      `${d.from} to ${d.to}`,
      d.branch ? `Branch ${d.branch}` : 'All branches',
      `${d.total} customers`,
    ],
    columns: header.map((title, i) => ({ title, width: widths[i]!, align: 'left' as const })),
    rows,
    footer: ['Customers (CIF) report. Confidential: for the bank’s compliance and branch staff.'],
  });
}
