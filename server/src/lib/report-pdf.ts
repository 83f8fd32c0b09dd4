import PDFDocument from 'pdfkit';
import { BANK_NAME } from '@bankmanager/contracts';

export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** A table row, or a bold row (a section heading or a total), or a red warning line. */
export type PdfRow = string[] | { bold: string[] } | { warning: string };

export interface ReportPdf {
  title: string;
  /** Lines under the title: the date or period, the basis of the figures. */
  subtitle: string[];
  columns: PdfColumn[];
  rows: PdfRow[];
  footer: string[];
  /** A4 across, for tables wider than the 515 points a portrait page holds (e.g. the teller proof). */
  landscape?: boolean;
  /** Further tables after the first, each under its bold heading with its own columns (one report, two views). */
  sections?: PdfSection[];
}

export interface PdfSection {
  heading: string;
  columns: PdfColumn[];
  rows: PdfRow[];
}

const LEFT = 40;
const BOTTOM = 780;

function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let t = text;
  while (t.length > 0 && doc.widthOfString(`${t}…`) > width) t = t.slice(0, -1);
  return `${t}…`;
}

/**
 * A report as an A4 PDF in the statement PDF's style (bank name, title, period, a ruled table whose
 * header repeats on every page). Shared by the GL reports and the customers', products', end of day's
 * and the teller's reports, so it lives below the modules. Reports are a few hundred rows at most (the
 * chart of accounts; the GL statement is capped by the route), so pdfkit's own text calls are fast
 * enough here.
 */
export function reportPdf(r: ReportPdf): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    layout: r.landscape ? 'landscape' : 'portrait',
    margin: LEFT,
    info: { Title: r.title },
  });
  const bottom = r.landscape ? BOTTOM - (842 - 595) : BOTTOM;
  doc.font('Helvetica-Bold').fontSize(16).text(BANK_NAME);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(13).text(r.title);
  doc.font('Helvetica').fontSize(10);
  for (const line of r.subtitle) doc.text(line);
  doc.moveDown(0.5);

  // The table being drawn: the first, then each section's; its header repeats on every page.
  let columns = r.columns;
  let xs: number[] = [];
  let right = LEFT;
  const useColumns = (cs: PdfColumn[]) => {
    columns = cs;
    xs = [];
    right = cs.reduce((x, c) => (xs.push(x), x + c.width), LEFT);
  };
  const line = (cells: string[], bold: boolean) => {
    if (doc.y > bottom) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    columns.forEach((c, i) => {
      const text = fit(doc, cells[i] ?? '', c.width - 4);
      const x = c.align === 'right' ? xs[i]! + c.width - doc.widthOfString(text) : xs[i]!;
      doc.text(text, x, y, { lineBreak: false });
    });
    doc.x = LEFT;
    doc.y = y + doc.currentLineHeight(true) * 1.3;
  };
  const header = () => {
    line(
      columns.map((c) => c.title),
      true,
    );
    doc.moveTo(LEFT, doc.y).lineTo(right, doc.y).stroke();
    doc.y += 3;
  };
  const table = (rows: PdfRow[]) => {
    header();
    for (const row of rows) {
      if (Array.isArray(row)) line(row, false);
      else if ('bold' in row) line(row.bold, true);
      else {
        doc.moveDown(0.3);
        doc.font('Helvetica-Bold').fontSize(10).fillColor('#b91c1c').text(row.warning, LEFT);
        doc.fillColor('black');
        doc.moveDown(0.3);
      }
    }
  };
  useColumns(r.columns);
  table(r.rows);
  for (const s of r.sections ?? []) {
    if (doc.y > bottom - 60) doc.addPage();
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text(s.heading, LEFT);
    doc.moveDown(0.3);
    useColumns(s.columns);
    table(s.rows);
  }
  doc.moveDown();
  doc.font('Helvetica').fontSize(8);
  for (const f of r.footer) doc.text(f, LEFT);
  doc.end();
  return doc;
}

/** A report PDF's bytes (`reportPdf` has ended it already), for a background run to store. */
export function reportPdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
  });
}
