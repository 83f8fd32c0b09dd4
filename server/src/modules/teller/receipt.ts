import PDFDocument from 'pdfkit';
import {
  BANK_NAME,
  formatCurrency,
  formatDateTime,
  TELLER_CASH_OUT_KINDS,
  type TellerTransaction,
} from '@bankmanager/contracts';

const isCashOut = (k: TellerTransaction['kind']) => (TELLER_CASH_OUT_KINDS as readonly string[]).includes(k);

const TITLES: Record<TellerTransaction['kind'], string> = {
  deposit: 'Cash deposit receipt',
  withdrawal: 'Cash withdrawal receipt',
  loan_repayment: 'Loan repayment receipt',
  loan_disbursement: 'Loan disbursement receipt',
};

const PARTY_LABEL: Record<TellerTransaction['kind'], string> = {
  deposit: 'Deposited by',
  withdrawal: 'Paid to',
  loan_repayment: 'Paid by',
  loan_disbursement: 'Paid to',
};

/**
 * A cash receipt on an A6-sized page: what the customer takes away. The reference, the amount in
 * figures and in words, the account and its holder, the person at the counter, and the teller.
 */
export function receiptPdf(t: TellerTransaction): PDFKit.PDFDocument {
  const title = TITLES[t.kind];
  const cashIn = !isCashOut(t.kind);
  const doc = new PDFDocument({
    size: 'A6',
    margin: 24,
    info: { Title: `${title} ${t.entryReference ?? t.reference}` },
  });
  doc.font('Helvetica-Bold').fontSize(12).text(BANK_NAME);
  doc.font('Helvetica').fontSize(8).text(`${t.branchName} (${t.branch})`);
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(11).text(title);
  doc.moveDown(0.4);
  const row = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(8).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  };
  row('Reference', t.entryReference ?? t.reference);
  row('Date', formatDateTime(t.postedAt ?? t.createdAt));
  row('Account', t.accountNumber);
  row('Account holder', t.accountName);
  row(PARTY_LABEL[t.kind], `${t.partyName} (ID ${t.partyIdNumber})`);
  if (t.narration) row('Narration', t.narration);
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(14).text(formatCurrency(t.amount, t.currency));
  doc.font('Helvetica-Oblique').fontSize(9).text(t.amountInWords);
  doc.moveDown(0.8);
  row('Teller', t.tellerName);
  row('Customer', cashIn ? t.partyName : t.accountName);
  doc.moveDown(1.4);
  doc.font('Helvetica').fontSize(8).text('Customer’s signature ______________________');
  doc.moveDown(0.8);
  doc.text('Teller’s signature ________________________');
  doc.end();
  return doc;
}
