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

interface KernedFont {
  kernPairs?: Record<string, number>;
  getKernPair?: (left: string, right: string) => number;
}

/**
 * pdfkit kerns the standard fonts by building the string `left + '\0' + right` and looking it up in
 * a plain object, for every pair of glyphs it measures or writes: at 50,000 statement lines that is
 * most of the rendering time. The same table as nested Maps gives the same amounts several times
 * faster. Touches pdfkit internals, so it does nothing unless they look as expected.
 */
function fastKerning(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font?: { font?: KernedFont } })._font?.font; // pdfkit's AFM metrics
  if (!font?.kernPairs || typeof font.getKernPair !== 'function') return;
  const byLeft = new Map<string, Map<string, number>>();
  for (const [pair, amount] of Object.entries(font.kernPairs)) {
    const [left, right] = pair.split('\0') as [string, string];
    let m = byLeft.get(left);
    if (!m) byLeft.set(left, (m = new Map<string, number>()));
    m.set(right, amount);
  }
  font.getKernPair = (left, right) => byLeft.get(left)?.get(right) ?? 0;
}

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
  // One statement year can hold tens of thousands of postings (≈ 1,000 pages): every cell is placed
  // by hand (measured, cut with an ellipsis, right-aligned by its width) instead of through pdfkit's
  // line wrapper, which costs several times more per call and does nothing else for a single line.
  fastKerning(doc);
  const widths = new Map<string, number>();
  const widthOf = (text: string): number => {
    let w = widths.get(text);
    if (w === undefined) widths.set(text, (w = doc.widthOfString(text)));
    return w;
  };
  const cut = (text: string, width: number): string => {
    if (widthOf(text) <= width) return text;
    let t = text;
    while (t.length > 0 && doc.widthOfString(`${t}…`) > width) t = t.slice(0, -1);
    return `${t}…`;
  };
  const rowHeight = doc.currentLineHeight(true) * 1.2;
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
    COLS.forEach((c, i) => {
      const text = cut(cells[i] ?? '', c.w);
      if (!text) return;
      const x = c.align === 'right' ? c.x + c.w - widthOf(text) : c.x;
      doc.text(text, x, y, { lineBreak: false });
    });
    doc.x = 40;
    doc.y = y + rowHeight;
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
