import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { APPROVAL_TEXT, RETURNS_TEXT, TOTAL_COUNT_HEADER } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { returnsScene } from '../../../test/support/regulatory-returns.ts';
import { queryRows } from '../../db/rows.ts';

/** Drizzle wraps driver errors; the database's own error is the cause. */
const refused = (re: RegExp) => ({ cause: expect.objectContaining({ message: expect.stringMatching(re) }) });

/** Four-eyes sign-off, the frozen filed versions and their downloads, over HTTP. */
describe('BSL returns sign-off and filed versions', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof returnsScene>>;
  let filingId: number;
  let filedXlsx: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    s = await returnsScene(t);
  });
  afterAll(() => t.close());

  const signOff = async (who = s.staff.accountant) => {
    const r = await s.prepare(who);
    return s.call('POST', '/api/regulatory-returns/sign-off', who, {
      monthEnd: s.monthEnd,
      fingerprint: r.fingerprint,
    });
  };
  const approve = (id: string, who = s.staff.compliance) =>
    s.call('POST', `/api/approvals/${id}/approve`, who);
  const download = (id: number, format: string) =>
    s.call('GET', `/api/regulatory-returns/filings/${id}/download?format=${format}`, s.staff.teller);

  it('needs returns.prepare to ask and returns.approve to decide; the preparer never signs their own', async () => {
    expect((await signOff(s.staff.compliance)).statusCode).toBe(403);
    const own = await signOff(s.staff.superuser);
    expect(own.statusCode).toBe(202);
    const self = await approve(own.json().approvalId, s.staff.superuser);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ error: APPROVAL_TEXT.ownRequest, details: { code: 'own_request' } });
    const withdraw = (id: string, who = s.staff.accountant) =>
      s.call('POST', `/api/approvals/${id}/withdraw`, who, {});
    expect((await withdraw(own.json().approvalId, s.staff.superuser)).statusCode).toBe(200);
    const req = await signOff();
    expect(req.statusCode).toBe(202);
    expect((await approve(req.json().approvalId, s.staff.teller)).statusCode).toBe(403);
    // One request per month at a time.
    const twice = await signOff();
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: RETURNS_TEXT.pending, details: { code: 'already_pending' } });
    expect((await withdraw(req.json().approvalId)).statusCode).toBe(200);
    expect((await s.call('GET', '/api/regulatory-returns/filings', s.staff.accountant)).json()).toEqual([]);
  });

  it('files the approved returns as version 1 with the figures, their hash and the audit row', async () => {
    const before = await s.prepare();
    const req = await signOff();
    const ok = await approve(req.json().approvalId);
    expect(ok.statusCode).toBe(200);
    const list = await s.call(
      'GET',
      `/api/regulatory-returns/filings?monthEnd=${s.monthEnd}`,
      s.staff.teller,
    );
    expect(list.statusCode).toBe(403);
    const mine = await s.call(
      'GET',
      `/api/regulatory-returns/filings?monthEnd=${s.monthEnd}`,
      s.staff.accountant,
    );
    expect(mine.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    const [f] = mine.json();
    expect(f).toMatchObject({
      monthEnd: s.monthEnd,
      version: 1,
      preparedBy: s.staff.accountant.email,
      approvedBy: s.staff.compliance.email,
    });
    filingId = f.id;
    const detail = (
      await s.call('GET', `/api/regulatory-returns/filings/${f.id}`, s.staff.compliance)
    ).json();
    expect(detail.returns).toEqual(before);
    const [audit] = await queryRows<{ actor_email: string; details: Record<string, unknown> }>(
      t.app.db,
      sql`select actor_email, details from audit_log where action = 'regulatory_return.file'`,
    );
    expect(audit).toMatchObject({
      actor_email: s.staff.accountant.email,
      details: { approvedBy: s.staff.compliance.email, version: 1, sha256: f.sha256 },
    });
  });

  it('downloads a real workbook: one sheet per return, numbers as numbers', async () => {
    // The teller holds no reports.read.
    expect((await download(filingId, 'xlsx')).statusCode).toBe(403);
    const res = await s.call(
      'GET',
      `/api/regulatory-returns/filings/${filingId}/download?format=xlsx`,
      s.staff.accountant,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="bsl-returns-${s.monthEnd}-v1.xlsx"`,
    );
    filedXlsx = res.rawPayload;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(filedXlsx as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Statement of financial position',
      'Income statement',
      'Deposits by type',
      'Deposits by sector',
      'Loans and advances by sector',
      'Loans and advances by classific',
      'Liquidity',
      'Foreign currency position (SLE-',
      'Large exposures',
    ]);
    const sofp = wb.worksheets[0]!;
    const rowOf = (ws: ExcelJS.Worksheet, code: string) => {
      let found: ExcelJS.Row | undefined;
      ws.eachRow((r) => {
        if (r.getCell(1).value === code) found = r;
      });
      if (!found) throw new Error(`no row ${code}`);
      return found;
    };
    const bsl = rowOf(sofp, 'bsl');
    expect(bsl.getCell(2).value).toBe('Balances with Bank of Sierra Leone');
    expect(bsl.getCell(3).value).toBe(1000000);
    expect(bsl.getCell(3).numFmt).toBe('#,##0.00;-#,##0.00');
    expect(rowOf(sofp, 'total_assets').getCell(3).value).toBe(1025000.25);
    expect(rowOf(sofp, 'loans').getCell(5).value).toBe(150000);
    expect(rowOf(sofp, 'total_assets').getCell(6).value).toBe(250.5);
    const cls = wb.getWorksheet('Loans and advances by classific')!;
    expect(rowOf(cls, 'unclassified').getCell(3).value).toBe(150000);
    expect(rowOf(wb.getWorksheet('Large exposures')!, 'large_count').getCell(3).value).toBe(1);
  });

  it('downloads the PDF and the CSV of the same filing', async () => {
    const pdf = await s.call(
      'GET',
      `/api/regulatory-returns/filings/${filingId}/download?format=pdf`,
      s.staff.accountant,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    expect(text).toContain('Balances with Bank of Sierra Leone');
    expect(text).toContain('1,000,000.00');
    const csv = await s.call(
      'GET',
      `/api/regulatory-returns/filings/${filingId}/download?format=csv`,
      s.staff.accountant,
    );
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(
      'sofp,bsl,Balances with Bank of Sierra Leone,amount,1000000.00,1000000.00,0.00',
    );
    expect(csv.body).toContain('loans_classification,substandard,Substandard,amount,0.00,0.00,0.00');
  });

  it('stays byte-identical after a later back-dated posting; a new sign-off files version 2', async () => {
    await postTestEntry(
      t.app.db,
      [
        { gl: '1030', side: 'debit', amount: '7.77', currency: 'SLE' },
        { gl: '3010', side: 'credit', amount: '7.77', currency: 'SLE' },
      ],
      { on: s.inMonth },
    );
    const again = await s.call(
      'GET',
      `/api/regulatory-returns/filings/${filingId}/download?format=xlsx`,
      s.staff.accountant,
    );
    expect(Buffer.compare(again.rawPayload, filedXlsx)).toBe(0);
    const detail = (
      await s.call('GET', `/api/regulatory-returns/filings/${filingId}`, s.staff.accountant)
    ).json();
    expect(detail.returns.returns[0].lines.find((l: { code: string }) => l.code === 'bsl').current.SLE).toBe(
      '1000000.00',
    );
    const req = await signOff();
    expect((await approve(req.json().approvalId)).statusCode).toBe(200);
    const list = (await s.call('GET', '/api/regulatory-returns/filings', s.staff.accountant)).json();
    expect(list.map((f: { version: number }) => f.version)).toEqual([2, 1]);
    const v2 = (
      await s.call('GET', `/api/regulatory-returns/filings/${list[0].id}`, s.staff.accountant)
    ).json();
    expect(v2.returns.returns[0].lines.find((l: { code: string }) => l.code === 'bsl').current.SLE).toBe(
      '1000007.77',
    );
  });

  it('refuses a request whose figures changed before the checker decides, and a stale fingerprint', async () => {
    const req = await signOff();
    await postTestEntry(
      t.app.db,
      [
        { gl: '1030', side: 'debit', amount: '1.00', currency: 'SLE' },
        { gl: '3010', side: 'credit', amount: '1.00', currency: 'SLE' },
      ],
      { on: s.inMonth },
    );
    const late = await approve(req.json().approvalId);
    expect(late.statusCode).toBe(409);
    const stale = await s.call('POST', '/api/regulatory-returns/sign-off', s.staff.accountant, {
      monthEnd: s.monthEnd,
      fingerprint: req.json().approvalId.replace(/-/g, '').padEnd(64, '0').slice(0, 64),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(RETURNS_TEXT.stale);
    const bad = await s.call('POST', '/api/regulatory-returns/sign-off', s.staff.accountant, {
      monthEnd: '2026-02-30',
      fingerprint: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().details.map((d: { path: string }) => d.path);
    expect(new Set(paths)).toEqual(new Set(['/monthEnd', '/fingerprint']));
  });

  it('the database refuses to change or delete a filed version', async () => {
    await expect(
      t.app.db.execute(
        sql`update regulatory_return_filings set approved_by = 'someone' where id = ${filingId}`,
      ),
    ).rejects.toMatchObject(refused(/never changed/));
    await expect(
      t.app.db.execute(sql`delete from regulatory_return_filings where id = ${filingId}`),
    ).rejects.toMatchObject(refused(/never changed/));
    await expect(
      t.app.db.execute(sql`insert into regulatory_return_filings
        (month_end, version, snapshot, sha256, xlsx, pdf, csv, prepared_by, approved_by, approval_id)
        values (${s.monthEnd}::date, 9, '{}', 'forged', '', '', '', 'a', 'b', gen_random_uuid())`),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'regulatory_return_filings_sha256_check' }),
    });
  });

  it('answers 404 for a filing that does not exist and 400 for a format it does not know', async () => {
    expect(
      (await s.call('GET', '/api/regulatory-returns/filings/999999', s.staff.accountant)).statusCode,
    ).toBe(404);
    const res = await s.call(
      'GET',
      `/api/regulatory-returns/filings/${filingId}/download?format=docx`,
      s.staff.accountant,
    );
    expect(res.statusCode).toBe(400);
  });
});
