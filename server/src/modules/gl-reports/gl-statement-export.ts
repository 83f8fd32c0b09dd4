import { formatDateTime } from '@bankmanager/contracts';
import { GL_REPORT_TEXT, formatAmount, formatLongDate, type GlStatement } from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { reportPdf, type PdfRow } from '../../lib/report-pdf.ts';

/** A GL account's statement as CSV: header block, opening balance, lines, closing balance. */
export function glStatementCsv(s: GlStatement): string {
  let out = csvRow(['Report', GL_REPORT_TEXT.glStatementTitle]);
  out += csvRow(['Account', `${s.code} ${s.name}`]);
  out += csvRow(['Currency', s.currency]);
  out += csvRow(['Period', `${s.from} to ${s.to}`]);
  out += csvRow(['Opening balance', s.opening_balance]);
  out += csvRow(['Closing balance', s.closing_balance]);
  out += csvRow([]);
  out += csvRow(['Date', 'Entry', 'Narration', 'Reference', 'Source', 'Debit', 'Credit', 'Balance']);
  for (const l of s.lines) {
    out += csvRow([
      l.business_date,
      l.entry_id,
      l.narration,
      l.reference,
      l.source,
      l.debit,
      l.credit,
      l.balance,
    ]);
  }
  return out;
}

export function glStatementPdf(s: GlStatement): PDFKit.PDFDocument {
  const rows: PdfRow[] = [{ bold: ['', 'Opening balance', '', '', '', formatAmount(s.opening_balance)] }];
  for (const l of s.lines) {
    rows.push([
      l.business_date,
      l.narration,
      l.reference,
      l.debit ? formatAmount(l.debit) : '',
      l.credit ? formatAmount(l.credit) : '',
      formatAmount(l.balance),
    ]);
  }
  rows.push({ bold: ['', 'Closing balance', '', '', '', formatAmount(s.closing_balance)] });
  return reportPdf({
    title: `${GL_REPORT_TEXT.glStatementTitle}: ${s.code} ${s.name} (${s.currency})`,
    subtitle: [`${formatLongDate(s.from)} to ${formatLongDate(s.to)}`, 'Balances are debit-positive.'],
    columns: [
      { title: 'Date', width: 60, align: 'left' },
      { title: 'Narration', width: 175, align: 'left' },
      { title: 'Reference', width: 80, align: 'left' },
      { title: 'Debit', width: 65, align: 'right' },
      { title: 'Credit', width: 65, align: 'right' },
      { title: 'Balance', width: 70, align: 'right' },
    ],
    rows,
    footer: [`${s.lines.length} lines. Generated ${formatDateTime(new Date())} (Freetown time).`],
  });
}
