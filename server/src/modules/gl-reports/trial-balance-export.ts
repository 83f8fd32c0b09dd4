import { formatDateTime } from '@bankmanager/contracts';
import {
  GL_CLASS_LABELS,
  GL_REPORT_TEXT,
  formatAmount,
  formatLongDate,
  type TrialBalance,
} from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { reportPdf, type PdfRow } from '../../lib/report-pdf.ts';

/** Currencies whose debits and credits differ, for the out-of-balance warning. */
export const unbalancedCurrencies = (tb: TrialBalance): string =>
  tb.totals
    .filter((t) => t.debit !== t.credit)
    .map((t) => t.currency)
    .join(' and ');

/** The trial balance as CSV: a header block, one row per account and currency, totals per currency. */
export function trialBalanceCsv(tb: TrialBalance): string {
  let out = csvRow(['Report', GL_REPORT_TEXT.trialBalanceTitle]);
  out += csvRow(['As of', tb.date]);
  out += csvRow(['Balanced', tb.balanced ? 'yes' : 'NO']);
  out += csvRow([]);
  out += csvRow(['Code', 'Account', 'Class', 'Currency', 'Debit', 'Credit']);
  for (const r of tb.rows) {
    out += csvRow([r.code, r.name, GL_CLASS_LABELS[r.class], r.currency, r.debit, r.credit]);
  }
  for (const t of tb.totals) out += csvRow(['', 'Total', '', t.currency, t.debit, t.credit]);
  return out;
}

export function trialBalancePdf(tb: TrialBalance): PDFKit.PDFDocument {
  const rows: PdfRow[] = [];
  if (!tb.balanced) rows.push({ warning: GL_REPORT_TEXT.outOfBalance(unbalancedCurrencies(tb)) });
  for (const r of tb.rows) {
    rows.push([
      r.code,
      r.name,
      r.currency,
      r.debit === '0.00' ? '' : formatAmount(r.debit),
      r.credit === '0.00' ? '' : formatAmount(r.credit),
    ]);
  }
  for (const t of tb.totals) {
    rows.push({
      bold: ['', `Total ${t.currency}`, t.currency, formatAmount(t.debit), formatAmount(t.credit)],
    });
  }
  return reportPdf({
    title: GL_REPORT_TEXT.trialBalanceTitle,
    subtitle: [`As of the end of ${formatLongDate(tb.date)}`],
    columns: [
      { title: 'Code', width: 55, align: 'left' },
      { title: 'Account', width: 230, align: 'left' },
      { title: 'Currency', width: 50, align: 'left' },
      { title: 'Debit', width: 90, align: 'right' },
      { title: 'Credit', width: 90, align: 'right' },
    ],
    rows,
    footer: [
      tb.balanced ? GL_REPORT_TEXT.balanced : GL_REPORT_TEXT.outOfBalance(unbalancedCurrencies(tb)),
      `Generated ${formatDateTime(new Date())} (Freetown time).`,
    ],
  });
}
