import { once } from 'node:events';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { Zip, ZipPassThrough } from 'fflate';
import { accountExportFileName } from '@bankmanager/contracts';
import { writeStatement, type PrintableStatement } from '../accounts/index.ts';

/**
 * Streams a batch's statements into `out` one at a time, so memory holds one statement (or one page
 * of a merged PDF), never the batch: a PDF's chunks go into the ZIP entry as pdfkit emits them, the
 * ZIP's into `out`, and the writer waits for `out` to drain. PDFs are compressed already, so ZIP
 * entries are stored, not deflated (a second compression would cost CPU for a few per cent).
 */
export interface StatementSink {
  add(s: PrintableStatement): Promise<void>;
  /** Ends the file; `out` is ended after its last byte. */
  finish(): Promise<void>;
}

const drained = async (out: Writable) => {
  if (out.writableNeedDrain) await once(out, 'drain');
};

function zipInto(out: Writable) {
  let failure: Error | undefined;
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  return {
    zip,
    check: () => {
      if (failure) throw failure;
    },
  };
}

/** pdfkit's chunks into `push` until the document ends. */
function pump(doc: PDFKit.PDFDocument, push: (c: Uint8Array) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => push(c));
    doc.once('end', resolve);
    doc.once('error', reject);
  });
}

const newDoc = (title: string) => new PDFDocument({ size: 'A4', margin: 40, info: { Title: title } });

/** One PDF per account in a ZIP, under `<branch code>/statement-<number>-<from>-to-<to>.pdf`. */
export function zipPerAccount(out: Writable): StatementSink {
  const { zip, check } = zipInto(out);
  return {
    async add(s) {
      const a = s.account;
      const entry = new ZipPassThrough(
        `${a.branchCode}/${accountExportFileName(a.accountNumber, s.from, s.to, 'pdf')}`,
      );
      zip.add(entry);
      const doc = newDoc(`Statement ${a.accountNumber} ${s.from} to ${s.to}`);
      const done = pump(doc, (c) => entry.push(c));
      writeStatement(doc, s);
      doc.end();
      await done;
      entry.push(new Uint8Array(0), true);
      check();
      await drained(out);
    },
    async finish() {
      zip.end();
      check();
      if (!out.writableFinished) await once(out, 'finish');
    },
  };
}

/**
 * One merged PDF per branch, each statement from a new page. A single branch's batch is that PDF
 * itself; a batch over every branch is a ZIP of them, `statements-<branch>-<from>-to-<to>.pdf`.
 */
export function mergedPerBranch(out: Writable, single: boolean): StatementSink {
  const z = single ? undefined : zipInto(out);
  let current:
    { branch: string; doc: PDFKit.PDFDocument; done: Promise<void>; entry?: ZipPassThrough } | undefined;
  const close = async () => {
    if (!current) return;
    current.doc.end();
    await current.done;
    current.entry?.push(new Uint8Array(0), true);
    z?.check();
    current = undefined;
  };
  return {
    async add(s) {
      const a = s.account;
      if (current?.branch !== a.branchCode) {
        if (single && current) throw new Error('a single-branch merged batch met a second branch');
        await close();
        const doc = newDoc(`Statements ${a.branchCode} ${s.from} to ${s.to}`);
        if (z) {
          const entry = new ZipPassThrough(`statements-${a.branchCode}-${s.from}-to-${s.to}.pdf`);
          z.zip.add(entry);
          current = { branch: a.branchCode, doc, entry, done: pump(doc, (c) => entry.push(c)) };
        } else {
          current = { branch: a.branchCode, doc, done: pump(doc, (c) => out.write(c)) };
        }
      } else {
        // pdfkit writes a page out when the next one starts, so the merged file streams too.
        current.doc.addPage();
      }
      writeStatement(current.doc, s);
      // Let pdfkit's queued chunks flow before waiting on the writer.
      await new Promise((r) => setImmediate(r));
      await drained(out);
    },
    async finish() {
      if (single && !current) {
        // Nothing to print still makes a valid PDF, saying so.
        const doc = newDoc('Statements');
        current = { branch: '', doc, done: pump(doc, (c) => out.write(c)) };
        doc.text('No accounts matched this batch.');
      }
      await close();
      if (z) {
        z.zip.end();
        z.check();
      } else out.end();
      if (!out.writableFinished) await once(out, 'finish');
    },
  };
}
