import { formatDateTime } from '@bankmanager/contracts';
import PDFDocument from 'pdfkit';
import { BANK_NAME, formatAmount, formatCurrency, formatLongDate } from '@bankmanager/contracts';
import type { AccountRef } from './repository.ts';
import type { Statement } from './statement.ts';

const COLS = [
  { title: 'Date', x: 40, w: 80, align: 'left' },
  { title: 'Description', x: 120, w: 170, align: 'left' },
  { title: 'Reference', x: 290, w: 70, align: 'left' },
  { title: 'Debit', x: 360, w: 60, align: 'right' },
  { title: 'Credit', x: 420, w: 60, align: 'right' },
  { title: 'Balance', x: 480, w: 75, align: 'right' },
] as const;

function cutToWidth(doc: PDFKit.PDFDocument, text: string, width: number): string {
  let t = text;
  while (t.length > 0 && doc.widthOfString(`${t}…`) > width) t = t.slice(0, -1);
  return `${t}…`;
}

interface RawRun {
  x: number;
  hex: string;
}

/** What rawTextWriter reads of pdfkit's current standard font (internals, checked before use). */
interface PdfkitFont {
  id: string;
  ascender: number;
  ref(): unknown;
  font: { characterToGlyph(code: number): string; widthOfGlyph(glyph: string): number };
}

/**
 * Writes single-line, unkerned runs of printable ASCII in the current standard font straight into
 * the page's content stream: one BT…ET per table line, in pdfkit's flipped page coordinates. Returns
 * undefined (the caller falls back to doc.text) if pdfkit's internals are not as expected.
 */
function rawTextWriter(doc: PDFKit.PDFDocument, size: number) {
  const d = doc as unknown as {
    _font?: Partial<PdfkitFont>;
    page?: { height: number; fonts: Record<string, unknown> };
  };
  const font = d._font;
  if (
    !font?.id ||
    typeof font.ascender !== 'number' ||
    typeof font.ref !== 'function' ||
    typeof font.font?.characterToGlyph !== 'function' ||
    typeof font.font.widthOfGlyph !== 'function'
  ) {
    return undefined;
  }
  const f = font as PdfkitFont;
  const widths: number[] = [];
  const charWidth = (code: number) =>
    (widths[code] ??= (f.font.widthOfGlyph(f.font.characterToGlyph(code)) * size) / 1000);
  const ellipsis = (f.font.widthOfGlyph('ellipsis') * size) / 1000; // WinAnsi 0x85
  return {
    /** The run for `text` cut to `maxWidth`, or undefined when a character is not printable ASCII. */
    fit(text: string, maxWidth: number): { hex: string; width: number } | undefined {
      let width = 0;
      let hex = '';
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code < 32 || code > 126) return undefined;
        width += charWidth(code);
        hex += code.toString(16);
      }
      if (width <= maxWidth) return { hex, width };
      // Cut: drop characters from the end until the rest plus an ellipsis fits.
      let n = text.length;
      while (n > 0 && width + ellipsis > maxWidth) width -= charWidth(text.charCodeAt(--n));
      return { hex: `${hex.slice(0, n * 2)}85`, width: width + ellipsis };
    },
    write(y: number, runs: RawRun[]): void {
      const page = d.page;
      if (!page || runs.length === 0) return;
      page.fonts[f.id] ??= f.ref();
      const base = (page.height - y - (f.ascender / 1000) * size).toFixed(2);
      const body = runs.map((r) => `1 0 0 1 ${r.x.toFixed(2)} ${base} Tm <${r.hex}> Tj`).join('\n');
      doc.addContent(`q 1 0 0 -1 0 ${page.height} cm BT /${f.id} ${size} Tf\n${body}\nET Q`);
    },
  };
}

/** What a printed statement shows of its account (the bulk job reads no more than this). */
export type StatementHeader = Pick<
  AccountRef,
  'accountNumber' | 'accountName' | 'accountType' | 'currency' | 'branch' | 'branchCode' | 'branchTown'
>;
export type PrintableStatement = Omit<Statement, 'account'> & { account: StatementHeader };

/**
 * Renders the statement as a PDF (A4) and returns the document stream; the route pipes it to the
 * response, so a long statement starts downloading before it is finished.
 */
export function statementPdf(s: PrintableStatement): PDFKit.PDFDocument {
  const a = s.account;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Statement ${a.accountNumber} ${s.from} to ${s.to}` },
  });
  writeStatement(doc, s);
  doc.end();
  return doc;
}

/**
 * Writes one statement from the current page on: the bulk job's merged PDF writes one after another
 * into a single document, each from a new page.
 */
export function writeStatement(doc: PDFKit.PDFDocument, s: PrintableStatement): void {
  const a = s.account;
  // The screens' formatter, so a negative (a loan) reads '-Le 5.00' here too.
  const money = (v: string) => formatCurrency(v, a.currency);

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
  // One statement year can hold tens of thousands of postings (≈ 1,000 pages), and pdfkit spends
  // ~70 µs per text call (graphics state, kerning, number formatting). So each line is written as one
  // text object: every cell measured with the font's own glyph widths (cached per character), cut
  // with an ellipsis to its column, right-aligned by that width. Cells with characters outside
  // printable ASCII (rare: names, descriptions) take pdfkit's own path.
  const raw = rawTextWriter(doc, 8);
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
    const runs: RawRun[] = [];
    COLS.forEach((c, i) => {
      const text = cells[i] ?? '';
      if (!text) return;
      const fitted = raw?.fit(text, c.w);
      if (!fitted) {
        const t = doc.widthOfString(text) <= c.w ? text : cutToWidth(doc, text, c.w);
        const x = c.align === 'right' ? c.x + c.w - doc.widthOfString(t) : c.x;
        doc.text(t, x, y, { lineBreak: false });
        return;
      }
      runs.push({ x: c.align === 'right' ? c.x + c.w - fitted.width : c.x, hex: fitted.hex });
    });
    raw?.write(y, runs);
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
    .text(`Generated ${formatDateTime(s.generatedAt)} (Freetown time). ${s.lines.length} postings.`, 40);
}
