import ExcelJS from 'exceljs';
import { BANK_NAME, formatAmount, type ReportTable } from '@bankmanager/contracts';
import { csvRow } from './csv.ts';
import type { DownloadFormat } from './downloads.ts';
import { reportPdf, reportPdfBytes, type PdfColumn, type PdfRow } from './report-pdf.ts';

/*
 * A report's tables (`ReportTable`, the cells the screen shows) as CSV, XLSX or PDF. One report may
 * hold more than one table (a month-end series and a mix by product): the CSV puts them one under
 * the other, the workbook gives each its sheet, the PDF draws each under its heading. Shared by the
 * built reports and the Enquiries analysis screens, so it lives below the modules.
 */

/** What every file of the report says after its tables (the basis of the figures). */
export interface TableFileOptions {
  footer: string[];
}

function oneCsv(t: ReportTable): string {
  let out = csvRow(['Report', t.title]);
  for (const s of t.subtitle) out += csvRow([s]);
  out += csvRow([]);
  out += csvRow(t.columns.map((c) => c.title));
  for (const r of t.rows) out += csvRow(r);
  if (t.totals.length > 0) out += csvRow([]);
  for (const r of t.totals) out += csvRow(r);
  return out;
}

/** The tables as CSV (formula-guarded by lib/csv.ts): title lines, header, rows, totals; a blank line between. */
export const tablesCsv = (ts: ReportTable[]): Buffer => Buffer.from(ts.map(oneCsv).join(csvRow([])), 'utf8');

/** A numeric cell as an Excel number (money has 2 decimals: exact in a double up to 2^53 cents). */
const xlsxCell = (numeric: boolean, v: string | undefined): string | number | null => {
  if (v === undefined || v === '') return null;
  return numeric && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
};

/** Excel forbids \ / ? * [ ] : in a sheet name, allows 31 characters and no two alike. */
function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[\\/?*[\]:]/g, '-').slice(0, 31);
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 27)} (${i})`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * One sheet a table: the title block, then a header row, the rows and the totals, numbers as Excel
 * numbers (formatted `#,##0.00` when they carry decimals), so the figures add up in the bank's own sheets.
 */
export async function tablesXlsx(ts: ReportTable[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = BANK_NAME;
  const taken = new Set<string>();
  for (const t of ts) {
    const ws = wb.addWorksheet(sheetName(t.title, taken));
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
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Rows a PDF holds; the CSV and XLSX have them all. */
const PDF_ROWS = 2000;

/** A4 across holds 762 points of table, a portrait page 515. */
const pageWidth = (ts: ReportTable[]) => (ts.some((t) => t.columns.length > 6) ? 762 : 515);

function pdfTable(t: ReportTable, page: number): { columns: PdfColumn[]; rows: PdfRow[] } {
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
  const columns = t.columns.map((c) => ({
    title: c.title,
    width: c.numeric ? numWidth : textWidth,
    align: c.numeric ? ('right' as const) : ('left' as const),
  }));
  return { columns, rows };
}

/** The first table under the bank's name, its title and subtitle; each further one under its title. */
export async function tablesPdf(ts: ReportTable[], o: TableFileOptions): Promise<Buffer> {
  const [first, ...more] = ts;
  const page = pageWidth(ts);
  return reportPdfBytes(
    reportPdf({
      title: first!.title,
      subtitle: first!.subtitle,
      ...pdfTable(first!, page),
      sections: more.map((t) => ({ heading: [t.title, ...t.subtitle].join('. '), ...pdfTable(t, page) })),
      footer: o.footer,
      landscape: page > 515,
    }),
  );
}

export async function tablesFile(
  ts: ReportTable[],
  format: DownloadFormat,
  o: TableFileOptions,
): Promise<Buffer> {
  if (format === 'csv') return tablesCsv(ts);
  if (format === 'xlsx') return tablesXlsx(ts);
  return tablesPdf(ts, o);
}
