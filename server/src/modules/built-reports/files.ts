import ExcelJS from 'exceljs';
import { BANK_NAME, formatAmount, type BuiltReportFormat, type ReportTable } from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { DOWNLOAD_MEDIA } from '../../lib/downloads.ts';
import { reportPdf, reportPdfBytes, type PdfRow } from '../../lib/report-pdf.ts';

export const REPORT_MEDIA: Record<Exclude<BuiltReportFormat, 'screen'>, string> = DOWNLOAD_MEDIA;

/** The same table as CSV (formula-guarded by lib/csv.ts): title lines, header, rows, totals. */
export function tableCsv(t: ReportTable): Buffer {
  let out = csvRow(['Report', t.title]);
  for (const s of t.subtitle) out += csvRow([s]);
  out += csvRow([]);
  out += csvRow(t.columns.map((c) => c.title));
  for (const r of t.rows) out += csvRow(r);
  if (t.totals.length > 0) out += csvRow([]);
  for (const r of t.totals) out += csvRow(r);
  return Buffer.from(out, 'utf8');
}

/** A numeric cell as an Excel number (money has 2 decimals: exact in a double up to 2^53 cents). */
const xlsxCell = (numeric: boolean, v: string | undefined): string | number | null => {
  if (v === undefined || v === '') return null;
  return numeric && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
};

/**
 * One sheet: the title block, then a header row, the rows and the totals, numbers as Excel numbers
 * (formatted `#,##0.00` when they carry decimals), so the figures add up in the bank's own sheets.
 */
export async function tableXlsx(t: ReportTable): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = BANK_NAME;
  const ws = wb.addWorksheet(t.title.replace(/[\\/?*[\]:]/g, '-').slice(0, 31));
  ws.addRow([t.title]).font = { bold: true };
  for (const s of t.subtitle) ws.addRow([s]);
  ws.addRow([]);
  ws.addRow(t.columns.map((c) => c.title)).font = { bold: true };
  const add = (r: string[], bold: boolean) => {
    const row = ws.addRow(t.columns.map((c, i) => xlsxCell(c.numeric, r[i])));
    t.columns.forEach((c, i) => {
      if (c.numeric && r[i]?.includes('.')) row.getCell(i + 1).numFmt = '#,##0.00;-#,##0.00';
    });
    if (bold) row.font = { bold: true };
  };
  for (const r of t.rows) add(r, false);
  for (const r of t.totals) add(r, true);
  t.columns.forEach((c, i) => (ws.getColumn(i + 1).width = c.numeric ? 16 : 24));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Rows a PDF holds; the CSV and XLSX have them all. */
const PDF_ROWS = 2000;

export async function tablePdf(t: ReportTable): Promise<Buffer> {
  const page = t.columns.length > 6 ? 762 : 515;
  const numeric = t.columns.filter((c) => c.numeric).length;
  const numWidth = Math.min(80, Math.floor((page * 0.5) / Math.max(1, numeric)));
  const textWidth = Math.floor((page - numeric * numWidth) / Math.max(1, t.columns.length - numeric));
  const shown = (r: string[]) =>
    t.columns.map((c, i) => (c.numeric && r[i]?.includes('.') ? formatAmount(r[i]) : (r[i] ?? '')));
  const rows: PdfRow[] = [
    ...t.rows.slice(0, PDF_ROWS).map(shown),
    ...t.totals.map((r) => ({ bold: shown(r) })),
  ];
  if (t.truncated || t.rows.length > PDF_ROWS)
    rows.push({ warning: 'More rows than a PDF shows: download the CSV or XLSX for all of them.' });
  return reportPdfBytes(
    reportPdf({
      title: t.title,
      subtitle: t.subtitle,
      columns: t.columns.map((c) => ({
        title: c.title,
        width: c.numeric ? numWidth : textWidth,
        align: c.numeric ? 'right' : 'left',
      })),
      rows,
      footer: [`${t.title}. Amounts in each row’s currency; totals per currency.`],
      landscape: t.columns.length > 6,
    }),
  );
}

export async function tableFile(
  t: ReportTable,
  format: Exclude<BuiltReportFormat, 'screen'>,
): Promise<Buffer> {
  if (format === 'csv') return tableCsv(t);
  if (format === 'xlsx') return tableXlsx(t);
  return tablePdf(t);
}
