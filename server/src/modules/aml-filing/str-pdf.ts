import PDFDocument from 'pdfkit';
import { BANK_NAME, STR_LABELS, formatDate, type StrReport } from '@bankmanager/contracts';
import { groundLabels } from './str-freeze.ts';

/**
 * The approved STR as an A4 PDF for the file and the FIU's paper channel: the same fields as the XML,
 * the narrative in full (it flows over pages; a report table would cut it). Marked confidential: the
 * customer must never see it.
 */
export function strPdf(s: StrReport): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Suspicious transaction report ${s.reference}` },
  });
  doc.font('Helvetica-Bold').fontSize(16).text(BANK_NAME);
  doc.moveDown(0.3).fontSize(13).text(`Suspicious transaction report ${s.reference}`);
  doc
    .font('Helvetica-Oblique')
    .fontSize(9)
    .text('CONFIDENTIAL: do not disclose to the customer (tipping-off).');
  doc.moveDown();
  const field = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).text(label);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(value || '-');
    doc.moveDown(0.4);
  };
  field('Status', STR_LABELS.status[s.status]);
  field('Subject', `${s.customerName} (customer ${s.custId})`);
  field('Case', s.caseId);
  field('Accounts', s.accounts.join(', '));
  field('Transactions', s.transactions.join(', '));
  field('Grounds', groundLabels(s.grounds).join('\n'));
  field('Narrative', s.narrative);
  field('Action taken', s.action);
  field('Prepared', `${s.preparedBy}, ${s.preparedAt}`);
  field('Approved (MLRO)', s.approvedBy ? `${s.approvedBy}, ${s.approvedAt}` : '');
  field('goAML XML SHA-256', s.contentHash ?? '');
  if (s.fiuReference)
    field(
      'FIU submission',
      `${s.fiuSubmittedOn ? formatDate(s.fiuSubmittedOn) : ''}, reference ${s.fiuReference}`,
    );
  doc.end();
  return doc;
}
