import { formatDateTime } from '@bankmanager/contracts';
import {
  GL_CLASSES,
  GL_CLASS_LABELS,
  GL_REPORT_TEXT,
  formatAmount,
  formatLongDate,
  type BalanceSheet,
  type ClassTotal,
  type IncomeStatement,
  type StatementRow,
} from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { reportPdf, type PdfRow } from '../../lib/report-pdf.ts';

type Line =
  | { kind: 'row'; row: StatementRow }
  | { kind: 'total'; total: ClassTotal }
  | { kind: 'extra'; label: string; currency: string; amount: string };

/** Rows grouped by class in chart order, each class followed by its totals per currency. */
function grouped(rows: StatementRow[], totals: ClassTotal[]): Line[] {
  const out: Line[] = [];
  for (const glClass of GL_CLASSES) {
    for (const row of rows.filter((r) => r.class === glClass)) out.push({ kind: 'row', row });
    for (const total of totals.filter((t) => t.class === glClass)) out.push({ kind: 'total', total });
  }
  return out;
}

function csv(title: string, period: string, lines: Line[]): string {
  let out = csvRow(['Report', title]);
  out += csvRow(['Period', period]);
  out += csvRow([]);
  out += csvRow(['Code', 'Account', 'Class', 'Currency', 'Amount']);
  for (const l of lines) {
    if (l.kind === 'row') {
      out += csvRow([l.row.code, l.row.name, GL_CLASS_LABELS[l.row.class], l.row.currency, l.row.amount]);
    } else if (l.kind === 'total') {
      out += csvRow(['', `Total ${GL_CLASS_LABELS[l.total.class]}`, '', l.total.currency, l.total.amount]);
    } else out += csvRow(['', l.label, '', l.currency, l.amount]);
  }
  return out;
}

function pdf(title: string, subtitle: string, lines: Line[], warning?: string): PDFKit.PDFDocument {
  const rows: PdfRow[] = warning ? [{ warning }] : [];
  for (const l of lines) {
    if (l.kind === 'row') rows.push([l.row.code, l.row.name, l.row.currency, formatAmount(l.row.amount)]);
    else if (l.kind === 'total') {
      rows.push({
        bold: ['', `Total ${GL_CLASS_LABELS[l.total.class]}`, l.total.currency, formatAmount(l.total.amount)],
      });
    } else rows.push({ bold: ['', l.label, l.currency, formatAmount(l.amount)] });
  }
  return reportPdf({
    title,
    subtitle: [subtitle],
    columns: [
      { title: 'Code', width: 60, align: 'left' },
      { title: 'Account', width: 280, align: 'left' },
      { title: 'Currency', width: 55, align: 'left' },
      { title: 'Amount', width: 120, align: 'right' },
    ],
    rows,
    footer: [`Generated ${formatDateTime(new Date())} (Freetown time).`],
  });
}

const sheetLines = (s: BalanceSheet): Line[] => [
  ...grouped(s.rows, s.class_totals),
  ...s.current_earnings.map((e) => ({
    kind: 'extra' as const,
    label: 'Current period earnings',
    currency: e.currency,
    amount: e.amount,
  })),
];
const sheetPeriod = (s: BalanceSheet) => `As of ${s.date}`;
const sheetWarning = (s: BalanceSheet) =>
  s.balanced
    ? undefined
    : 'Assets do not equal liabilities plus equity. Report this to the finance controller.';

export const balanceSheetCsv = (s: BalanceSheet) =>
  csv(GL_REPORT_TEXT.balanceSheetTitle, sheetPeriod(s), sheetLines(s));
export const balanceSheetPdf = (s: BalanceSheet) =>
  pdf(
    GL_REPORT_TEXT.balanceSheetTitle,
    `As of the end of ${formatLongDate(s.date)}`,
    sheetLines(s),
    sheetWarning(s),
  );

const incomeLines = (s: IncomeStatement): Line[] => [
  ...grouped(s.rows, s.class_totals),
  ...s.net_income.map((e) => ({
    kind: 'extra' as const,
    label: 'Net income',
    currency: e.currency,
    amount: e.amount,
  })),
];
const incomePeriod = (s: IncomeStatement) => `${s.from ?? 'Start of the books'} to ${s.to}`;

export const incomeStatementCsv = (s: IncomeStatement) =>
  csv(GL_REPORT_TEXT.incomeStatementTitle, incomePeriod(s), incomeLines(s));
export const incomeStatementPdf = (s: IncomeStatement) =>
  pdf(
    GL_REPORT_TEXT.incomeStatementTitle,
    `${s.from ? formatLongDate(s.from) : 'Start of the books'} to ${formatLongDate(s.to)}`,
    incomeLines(s),
  );
