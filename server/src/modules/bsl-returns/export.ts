import ExcelJS from 'exceljs';
import {
  BANK_NAME,
  RETURNS_TEXT,
  formatAmount,
  formatLongDate,
  type PreparedReturn,
  type PreparedReturns,
  type ReturnLine,
} from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { reportPdf, type PdfRow } from '../../lib/report-pdf.ts';

/** Who filed what, printed on every download of a filed version. */
export interface FilingStamp {
  version: number;
  preparedBy: string;
  approvedBy: string;
  filedAt: Date;
  sha256: string;
}

const FIGURE_COLUMNS = [
  ['SLE', 'current'],
  ['SLE', 'previous'],
  ['SLE', 'variance'],
  ['USD', 'current'],
  ['USD', 'previous'],
  ['USD', 'variance'],
] as const;

const HEADINGS = ['Line', 'Description', ...FIGURE_COLUMNS.map(([c, w]) => `${c} ${w}`)];

const figures = (l: ReturnLine) => FIGURE_COLUMNS.map(([c, w]) => l[w][c]);

const stampLines = (r: PreparedReturns, s: FilingStamp) => [
  `Month end ${r.monthEnd}, beside ${r.previousMonthEnd}. Version ${s.version}.`,
  `Prepared by ${s.preparedBy}; signed off by ${s.approvedBy} on ${s.filedAt.toISOString()}.`,
  `sha256 ${s.sha256}`,
];

/** Excel forbids \ / ? * [ ] : in a sheet name and allows 31 characters. */
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, '-').slice(0, 31);

/** A line's cell: a number (Excel's own type) with its format, or the text the screen shows. */
function cell(l: ReturnLine, value: string | null): string | number | null {
  if (l.kind === 'unavailable') return RETURNS_TEXT.notAvailable;
  return value == null ? null : Number(value);
}

const NUMBER_FORMAT = { amount: '#,##0.00;-#,##0.00', count: '0', percent: '0.00' } as const;

/**
 * The workbook BSL receives: one sheet per return, the figures as numbers (formatted, not text), the
 * reconciliation under each return. Its dates are the filing's, so rendering the same filing twice
 * gives the same workbook.
 */
export async function returnsXlsx(r: PreparedReturns, s: FilingStamp): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = BANK_NAME;
  wb.created = s.filedAt;
  wb.modified = s.filedAt;
  for (const ret of r.returns) {
    const ws = wb.addWorksheet(sheetName(ret.name));
    ws.columns = [{ width: 22 }, { width: 60 }, ...FIGURE_COLUMNS.map(() => ({ width: 18 }))];
    ws.addRow([`${BANK_NAME}: ${ret.name}`]).font = { bold: true };
    for (const line of stampLines(r, s)) ws.addRow([line]);
    ws.addRow([]);
    ws.addRow(HEADINGS).font = { bold: true };
    for (const l of ret.lines) {
      const row = ws.addRow([l.code, l.label, ...figures(l).map((v) => cell(l, v))]);
      if (l.kind === 'heading' || l.kind === 'total') row.font = { bold: true };
      for (let c = 3; c <= 8; c++) row.getCell(c).numFmt = NUMBER_FORMAT[l.unit];
    }
    ws.addRow([]);
    ws.addRow(['Reconciliation', 'Line', 'Currency', 'Return', 'Trial balance', 'Difference']).font = {
      bold: true,
    };
    for (const c of ret.checks) {
      const row = ws.addRow([
        '',
        c.label,
        c.currency,
        Number(c.returnTotal),
        Number(c.trialBalance),
        Number(c.difference),
      ]);
      for (let i = 4; i <= 6; i++) row.getCell(i).numFmt = NUMBER_FORMAT.amount;
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same figures as CSV: one row per line of each return, then the reconciliations. */
export function returnsCsv(r: PreparedReturns, s: FilingStamp): string {
  let out = csvRow(['Report', RETURNS_TEXT.title]);
  for (const line of stampLines(r, s)) out += csvRow([line]);
  out += csvRow([]);
  out += csvRow(['Return', 'Line', 'Description', 'Unit', ...HEADINGS.slice(2)]);
  for (const ret of r.returns)
    for (const l of ret.lines)
      out += csvRow([
        ret.code,
        l.code,
        l.label,
        l.unit,
        ...figures(l).map((v) => (l.kind === 'unavailable' ? RETURNS_TEXT.notAvailable : v)),
      ]);
  out += csvRow([]);
  out += csvRow(['Return', 'Line', 'Currency', 'Return total', 'Trial balance', 'Difference']);
  for (const ret of r.returns)
    for (const c of ret.checks)
      out += csvRow([ret.code, c.line, c.currency, c.returnTotal, c.trialBalance, c.difference]);
  return out;
}

const pdfFigure = (l: ReturnLine, v: string | null) =>
  l.kind === 'unavailable'
    ? RETURNS_TEXT.notAvailable
    : v == null
      ? ''
      : l.unit === 'amount'
        ? formatAmount(v)
        : v;

function pdfRows(ret: PreparedReturn): PdfRow[] {
  const rows: PdfRow[] = [{ bold: [ret.name, '', '', '', '', '', ''] }];
  for (const l of ret.lines) {
    const cells = [l.label, ...figures(l).map((v) => pdfFigure(l, v))];
    rows.push(l.kind === 'heading' || l.kind === 'total' ? { bold: cells } : cells);
  }
  for (const c of ret.checks)
    rows.push([
      `Reconciliation: ${c.label} (${c.currency}) against the trial balance ${formatAmount(c.trialBalance)}`,
      '',
      '',
      c.currency === 'SLE' ? formatAmount(c.difference) : '',
      '',
      '',
      c.currency === 'USD' ? formatAmount(c.difference) : '',
    ]);
  if (!ret.reconciled) rows.push({ warning: RETURNS_TEXT.notReconciled });
  return rows;
}

/** The returns as one landscape PDF: each return's lines, then its reconciliation differences. */
export function returnsPdf(r: PreparedReturns, s: FilingStamp): PDFKit.PDFDocument {
  return reportPdf({
    title: RETURNS_TEXT.title,
    subtitle: [`As at the end of ${formatLongDate(r.monthEnd)}`, ...stampLines(r, s)],
    columns: [
      { title: 'Line', width: 250, align: 'left' },
      ...FIGURE_COLUMNS.map(([c, w]) => ({ title: `${c} ${w}`, width: 85, align: 'right' as const })),
    ],
    rows: r.returns.flatMap(pdfRows),
    footer: [RETURNS_TEXT.prepared],
    landscape: true,
  });
}

/** A PDFKit document's bytes, once it has ended. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
  });
}
