import { displayReportCell, type EodReport } from '@bankmanager/contracts';
import { csvRow } from '../../../lib/csv.ts';
import { reportPdf, type PdfRow } from '../../../lib/report-pdf.ts';

/** CSV through lib/csv.ts (formula-guarded): title lines, the header, every row, the totals. */
export function eodReportCsv(r: EodReport): string {
  let out = csvRow(['Report', r.title]);
  for (const s of r.subtitle) out += csvRow([s]);
  out += csvRow([]);
  out += csvRow(r.columns.map((c) => c.title));
  for (const row of r.rows) out += csvRow(row);
  if (r.totals.length > 0) out += csvRow([]);
  for (const row of r.totals) out += csvRow(row);
  return out;
}

/** A4 PDF in the GL reports' style; text columns share what the numbers leave of the page width. */
export function eodReportPdf(r: EodReport): PDFKit.PDFDocument {
  const page = 515;
  const numeric = r.columns.filter((c) => c.numeric).length;
  const numWidth = Math.min(62, Math.floor((page * 0.6) / Math.max(1, numeric)));
  const textWidth = Math.floor((page - numeric * numWidth) / Math.max(1, r.columns.length - numeric));
  // Money as money in its row's currency, counts grouped: the PDF reads like the screen.
  const shown = (row: string[]) => row.map((_, j) => displayReportCell(r, row, j));
  const rows: PdfRow[] = [...r.rows.map(shown), ...r.totals.map((t) => ({ bold: shown(t) }))];
  if (r.truncated) rows.push({ warning: 'More rows than a PDF shows: download the CSV for all of them.' });
  return reportPdf({
    title: r.title,
    subtitle: r.subtitle,
    columns: r.columns.map((c) => ({
      title: c.title,
      width: c.numeric ? numWidth : textWidth,
      align: c.numeric ? ('right' as const) : ('left' as const),
    })),
    rows,
    footer: [`${r.title}. Amounts in each row’s currency; totals per currency.`],
  });
}
