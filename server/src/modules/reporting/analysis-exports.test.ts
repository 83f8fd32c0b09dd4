import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { analysisBook, OTHER, type AnalysisBook } from '../../../test/support/analysis-book.ts';
import { EOD_BRANCH } from '../../../test/support/eod.ts';
import { rowStarting, workbook } from '../../../test/support/workbooks.ts';

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: bytes }).getText()).text;

/* The three Enquiries screens' files: the same figures as their JSON, on the book of analysis-routes.test.ts. */
describe('Enquiries analysis files (CSV, PDF, XLSX)', () => {
  let book: AnalysisBook;
  const file = async (who: 'head' | 'manager', url: string) => {
    const res = await book.get(book[who], url);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res;
  };

  beforeAll(async () => {
    book = await analysisBook();
  }, 300_000);
  afterAll(() => book.t.close());

  describe('Snapshot View', () => {
    it('CSV: the filters, the table the screen shows and its totals, for the user’s own branch', async () => {
      const res = await file('manager', '/api/reports/snapshot?date=2026-10-30&format=csv');
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain('snapshot-2026-10-30.csv');
      const lines = res.body.trim().split('\r\n');
      expect(lines.slice(0, 3)).toEqual([
        'Report,Snapshot View',
        `Branch ${EOD_BRANCH}`,
        'Balances at the close of 30 Oct 2026.',
      ]);
      expect(lines).toContain('Branch,Product,Account type,Currency,Amount,Accounts');
      expect(lines).toContain(`${EOD_BRANCH} EOD Branch,E-SAV EOD savings,Savings,SLE,1250.50,1`);
      expect(lines).toContain(
        `${EOD_BRANCH} EOD Branch,A-LOAN Analysis loan,Loan (outstanding),SLE,300.00,1`,
      );
      expect(lines).toContain('Total deposits,,,SLE,1350.49,2');
      expect(res.body).not.toContain(OTHER);
    });

    it('PDF: the bank, the title, the filters, the close and the figures', async () => {
      const res = await file('head', '/api/reports/snapshot?date=2026-10-31&product=E-SAV&format=pdf');
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('snapshot-2026-10-31.pdf');
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Snapshot View');
      expect(text).toContain('All branches, product E-SAV');
      expect(text).toContain('the last close on or before 31 Oct 2026');
      expect(text).toContain('9,000.01');
      expect(text).toContain('1,250.50');
    });

    it('XLSX: amounts and counts are numbers', async () => {
      const res = await file('head', '/api/reports/snapshot?date=2026-10-31&format=xlsx');
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('snapshot-2026-10-31.xlsx');
      const ws = (await workbook(res.rawPayload)).getWorksheet('Snapshot View')!;
      expect(ws.getCell('A1').value).toBe('Snapshot View');
      const row = rowStarting(ws, `${OTHER} Bo Branch`);
      expect(row[5]).toBe(9000.01);
      expect(row[6]).toBe(1);
      expect(rowStarting(ws, 'Total loans outstanding')[5]).toBe(300);
    });
  });

  describe('Deposit & Borrowing Analysis', () => {
    const url = '/api/reports/deposit-borrowing?from=2026-09&to=2026-11&currency=SLE';

    it('CSV: the month ends in the currency shown, "—" where no end of day was kept, then the mix', async () => {
      const res = await file('head', `${url}&format=csv`);
      expect(res.headers['content-disposition']).toContain('deposit-borrowing-2026-09-to-2026-11-SLE.csv');
      const lines = res.body.trim().split('\r\n');
      expect(lines.slice(0, 3)).toEqual([
        'Report,Deposit & Borrowing Analysis',
        'All branches',
        '"Month ends from 2026-09 to 2026-11, SLE."',
      ]);
      expect(lines).toContain(
        'Month,Currency,As at,Deposits,Change,Loans outstanding,Change,Deposit accounts,Loan accounts',
      );
      expect(lines).toContain('2026-10,SLE,30 Oct 2026,10350.50,9350.50,300.00,0.00,3,1');
      expect(lines).toContain('2026-11,SLE,—,—,—,—,—,—,—');
      expect(lines).toContain('Report,Mix by product at 30 Oct 2026');
      expect(lines).toContain('E-SAV EOD savings,Deposit,SLE,10250.51,99.0,2');
      expect(lines).toContain('Total deposits,,SLE,10350.50,,');
      expect(res.body).not.toContain('USD');
    });

    it('PDF: both tables under the filters', async () => {
      const res = await file('manager', `${url}&format=pdf`);
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Deposit & Borrowing Analysis');
      expect(text).toContain(`Branch ${EOD_BRANCH}`);
      expect(text).toContain('Mix by product at 30 Oct 2026');
      expect(text).toContain('1,350.49');
    });

    it('XLSX: a sheet per table, figures as numbers', async () => {
      const wb = await workbook((await file('head', `${url}&format=xlsx`)).rawPayload);
      expect(wb.worksheets.map((w) => w.name)).toEqual([
        'Deposit & Borrowing Analysis',
        'Mix by product at 30 Oct 2026',
      ]);
      const oct = rowStarting(wb.worksheets[0]!, '2026-10');
      expect(oct.slice(4, 10)).toEqual([10350.5, 9350.5, 300, 0, 3, 1]);
      expect(rowStarting(wb.worksheets[0]!, '2026-11')[4]).toBe('—');
      expect(rowStarting(wb.worksheets[1]!, 'A-LOAN Analysis loan').slice(4, 7)).toEqual([300, 100, 1]);
    });
  });

  describe('Branch Statistics', () => {
    const url = '/api/reports/branch-statistics?from=2026-10-01&to=2026-10-31';

    it('CSV, PDF and XLSX of the same rows', async () => {
      const csv = await file('head', `${url}&format=csv`);
      expect(csv.headers['content-disposition']).toContain(
        'branch-statistics-2026-10-01-to-2026-10-31-SLE.csv',
      );
      const lines = csv.body.trim().split('\r\n');
      expect(lines).toContain(
        'Branch,Customers opened,Accounts opened,Accounts closed,Deposits,Loans outstanding,Cash at close',
      );
      expect(lines).toContain(`${EOD_BRANCH} EOD Branch,1,1,1,1350.49,300.00,0.00`);
      expect(lines.find((l) => l.startsWith(`${OTHER} Bo Branch,`))).toMatch(/,1,0,9000\.01,0\.00,0\.00$/);

      const pdf = await file('head', `${url}&currency=USD&format=pdf`);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('1 Oct 2026 to 31 Oct 2026, USD');
      expect(text).toMatch(/closings counted from the close of 30 Sept? 2026/);

      const ws = (await workbook((await file('manager', `${url}&format=xlsx`)).rawPayload)).worksheets[0]!;
      expect(rowStarting(ws, `${EOD_BRANCH} EOD Branch`).slice(2, 8)).toEqual([1, 1, 1, 1350.49, 300, 0]);
    });
  });

  it('keeps the screens’ rights: no reports.read 403, another branch 403, no session 401, a bad format 400', async () => {
    const { get, teller301, manager, head } = book;
    expect((await get(teller301, '/api/reports/snapshot?date=2026-10-30&format=pdf')).statusCode).toBe(403);
    expect(
      (
        await get(
          manager,
          `/api/reports/branch-statistics?from=2026-10-01&to=2026-10-31&branch=${OTHER}&format=xlsx`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await get(null, '/api/reports/deposit-borrowing?from=2026-10&to=2026-10&format=csv')).statusCode,
    ).toBe(401);
    const bad = await get(head, '/api/reports/snapshot?date=2026-10-30&format=docx');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json<{ details: unknown }>().details)).toContain('format');
  });
});
