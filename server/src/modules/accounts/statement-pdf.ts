import PDFDocument from 'pdfkit';
import { formatAmount, formatLongDate } from '@bankmanager/contracts';
import { BANK_NAME } from './statement-csv.ts';
import type { Statement } from './statement.ts';

const COLS = [
  { title: 'Date', x: 40, w: 80, align: 'left' },
  { title: 'Description', x: 120, w: 170, align: 'left' },
  { title: 'Reference', x: 290, w: 70, align: 'left' },
  { title: 'Debit', x: 360, w: 60, align: 'right' },
  { title: 'Credit', x: 420, w: 60, align: 'right' },
  { title: 'Balance', x: 480, w: 75, align: 'right' },
] as const;

/**
 * Renders the statement as a PDF (A4) and returns the document stream; the route pipes it to the
 * response, so a long statement starts downloading before it is finished.
 */
export function statementPdf(s: Statement): PDFKit.PDFDocument {
  const a = s.account;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Statement ${a.accountNumber} ${s.from} to ${s.to}` },
  });
  const money = (v: string) => `${a.currency === 'SLE' ? 'Le ' : '$'}${formatAmount(v)}`;

  doc.font('Helvetica-Bold').fontSize(16).text(BANK_NAME);
  doc.font('Helvetica').fontSize(10).text(`${a.branch} branch (${a.branchCode}), ${a.branchTown}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('Account statement');
  doc.font('Helvetica').fontSize(10);
  doc.text(`Account holder: ${a.accountName}`);
  doc.text(`Account: ${a.accountNumber} — ${a.accountType}, ${a.currency}`);
  doc.text(`Period: ${formatLongDate(s.from)} to ${formatLongDate(s.to)}`);
  doc.text(`Opening balance: ${money(s.openingBalance)}`);
  doc.moveDown(0.5);

  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9);
    for (const c of COLS) doc.text(c.title, c.x, y, { width: c.w, align: c.align });
    doc
      .moveTo(40, doc.y + 2)
      .lineTo(555, doc.y + 2)
      .stroke();
    doc.moveDown(0.4);
    doc.font('Helvetica').fontSize(8);
  };
  header();
  for (const l of s.lines) {
    if (doc.y > 780) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    const cells = [
      l.date,
      l.description,
      l.reference,
      l.type === 'debit' ? formatAmount(l.amount) : '',
      l.type === 'credit' ? formatAmount(l.amount) : '',
      formatAmount(l.balance),
    ];
    COLS.forEach((c, i) =>
      doc.text(cells[i] ?? '', c.x, y, { width: c.w, align: c.align, lineBreak: false, ellipsis: true }),
    );
    doc.moveDown(0.2);
  }
  if (s.lines.length === 0) doc.text('No postings in this period.', 40);

  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text(`Total credits: ${money(s.totalCredits)}`, 40);
  doc.text(`Total debits: ${money(s.totalDebits)}`, 40);
  doc.text(`Closing balance: ${money(s.closingBalance)}`, 40);
  doc
    .font('Helvetica')
    .fontSize(8)
    .moveDown()
    .text(`Generated ${s.generatedAt} UTC. ${s.lines.length} postings.`, 40);
  doc.end();
  return doc;
}
