import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CTR_TEXT, type CtrFiling, type CtrReport, type TellerTransaction } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { businessDate, setBusinessDate } from '../../../test/support/eod.ts';
import { cashAccount, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import { queryRows } from '../../db/rows.ts';
import { checkGoamlStructure } from '../goaml/index.ts';
import { addDays } from './ctr-list.ts';

/**
 * CTRs per customer per day and their filings, over HTTP: the review's three deposits of Le 29,999.99
 * (none flagged alone) are one CTR; a closed day is filed once, frozen, downloadable as goAML XML and
 * CSV; the FIU's reference is recorded once; the database refuses to change or delete a filing.
 */
describe('CTR aggregation and filing', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  let day: string;
  let custId: number;
  const post = (url: string, who: { auth: string }, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: who.auth }, payload });
  const get = (url: string, who: { auth: string }) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: who.auth } });

  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
    await openTill(scene, scene.teller, '40000.00', 'CTR-1');
    const a = await cashAccount(t.app, { balance: '50000.00' });
    custId = a.custId;
    // The same customer's second account: the CTR sums across accounts.
    const [b] = await queryRows<{ number: string }>(
      t.app.db,
      sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
          select make_account_number('101', nextval('account_serial_seq')), ${custId}, p.code, p.account_type, p.currency,
                 'Active', current_business_date(), '101', p.ledger_code from products p where p.code = 'TS-CUR'
          returning account_number as number`,
    );
    const other = await cashAccount(t.app, {});
    const cash = async (kind: 'deposits' | 'withdrawals', accountNumber: string, amount: string) => {
      const r = await post(`/api/teller/${kind}`, scene.teller, {
        reference: ref(),
        accountNumber,
        amount,
        partyName: 'Mohamed <Sesay> & Sons',
        partyIdNumber: 'SL-1',
        signatureConfirmed: true,
      });
      if (r.statusCode !== 201) throw new Error(r.body);
      return r.json<TellerTransaction>();
    };
    const deposits = [
      await cash('deposits', a.number, '29999.99'),
      await cash('deposits', b!.number, '29999.99'),
      await cash('deposits', a.number, '29999.99'),
    ];
    expect(deposits.map((d) => d.ctrFlag)).toEqual([false, false, false]);
    await cash('withdrawals', a.number, '2000.00'); // cash out stays under the threshold: no CTR
    await cash('deposits', other.number, '100.00'); // another customer, small: no CTR
    day = await businessDate(t.app);
  });
  afterAll(() => t.close());

  it('shows three deposits of Le 29,999.99 by one customer on one day as one CTR, with its transactions', async () => {
    const r = await get(`/api/ctr-reports?from=${day}&to=${day}`, scene.comp);
    expect(r.statusCode, r.body).toBe(200);
    const rows = r.json<CtrReport[]>();
    expect(r.headers['x-total-count']).toBe('1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      businessDate: day,
      custId,
      currency: 'SLE',
      direction: 'in',
      total: '89999.97',
      count: 3,
      filingReference: null,
    });
    expect(rows[0]!.transactions.map((x) => x.amount)).toEqual(['29999.99', '29999.99', '29999.99']);
    expect(new Set(rows[0]!.transactions.map((x) => x.accountNumber)).size).toBe(2);
    // Without dates: the days up to the current business date.
    expect((await get('/api/ctr-reports', scene.comp)).json<CtrReport[]>()).toHaveLength(1);
    const csv = await get(`/api/ctr-reports?from=${day}&to=${day}&format=csv`, scene.comp);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(4);
  });

  it('refuses bad ranges with the field named and never a 500', async () => {
    const backwards = await get('/api/ctr-reports?from=2026-02-01&to=2026-01-01', scene.comp);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details[0].path).toBe('/from');
    const wide = await get('/api/ctr-reports?from=2020-01-01&to=2026-01-01', scene.comp);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error).toBe(CTR_TEXT.rangeTooWide);
    expect((await get('/api/ctr-reports?from=2026-02-30', scene.comp)).statusCode).toBe(400);
    const badPeriod = await post('/api/ctr-filings', scene.comp, { period: 'week', date: day });
    expect(badPeriod.statusCode).toBe(400);
    expect(
      (await post('/api/ctr-filings', scene.comp, { period: 'day', date: '2026-02-30' })).statusCode,
    ).toBe(400);
  });

  it('files only closed days, and needs aml.ctr.file', async () => {
    expect((await post('/api/ctr-filings', scene.teller, { period: 'day', date: day })).statusCode).toBe(403);
    expect((await get('/api/ctr-filings', scene.teller)).statusCode).toBe(403);
    const open = await post('/api/ctr-filings', scene.comp, { period: 'day', date: day });
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toBe(CTR_TEXT.notClosed);
  });

  it('prepares a frozen filing of a closed day, downloadable as goAML XML and CSV, never twice', async () => {
    await setBusinessDate(t.app, addDays(day, 1));
    const r = await post('/api/ctr-filings', scene.comp, { period: 'day', date: day });
    expect(r.statusCode, r.body).toBe(201);
    const f = r.json<CtrFiling>();
    expect(f).toMatchObject({
      reference: `CTR-${day}`,
      reports: 1,
      preparedBy: scene.comp.email,
      fiuReference: null,
    });

    const xml = await get(`/api/ctr-filings/${f.id}/xml`, scene.comp);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(checkGoamlStructure(xml.body)).toEqual([]);
    expect(xml.body.match(/<transaction>/g)).toHaveLength(3);
    expect(xml.body).toContain('<report_code>CTR</report_code>');
    expect(xml.body).toContain('<first_name>Mohamed &lt;Sesay&gt; &amp;</first_name>');
    const hash = createHash('sha256').update(xml.body).digest('hex');
    expect(xml.headers['x-content-sha256']).toBe(hash);
    expect(f.contentHash).toBe(hash);
    const csv = await get(`/api/ctr-filings/${f.id}/csv`, scene.comp);
    expect(csv.body).toContain('89999.97');

    // The list now names the filing; the same day, or a month holding it, is not filed again.
    const listed = await get(`/api/ctr-reports?from=${day}&to=${day}`, scene.comp);
    expect(listed.json<CtrReport[]>()[0]!.filingReference).toBe(`CTR-${day}`);
    const again = await post('/api/ctr-filings', scene.comp, { period: 'day', date: day });
    expect(again.statusCode).toBe(409);
    const month = await post('/api/ctr-filings', scene.comp, { period: 'month', date: day });
    expect(month.statusCode).toBe(409);
    expect(month.json().details.days).toContain(day);
    const page = await get('/api/ctr-filings', scene.comp);
    expect(page.headers['x-total-count']).toBe('1');
  });

  it('records the FIU submission once; the database refuses any other change or a delete', async () => {
    const [f] = (await get('/api/ctr-filings', scene.comp)).json<CtrFiling[]>();
    const bad = await post(`/api/ctr-filings/${f!.id}/submission`, scene.comp, {
      submittedOn: '2026-02-30',
      reference: 'X',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('submittedOn');
    const ok = await post(`/api/ctr-filings/${f!.id}/submission`, scene.comp, {
      submittedOn: addDays(day, 1),
      reference: 'FIU-CTR-0001',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<CtrFiling>()).toMatchObject({
      fiuReference: 'FIU-CTR-0001',
      submittedBy: scene.comp.email,
    });
    const twice = await post(`/api/ctr-filings/${f!.id}/submission`, scene.comp, {
      submittedOn: addDays(day, 1),
      reference: 'FIU-CTR-0002',
    });
    expect(twice.statusCode).toBe(409);

    const refused = async (q: ReturnType<typeof sql>) => {
      const e = await t.app.db.execute(q).then(
        () => undefined,
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
      expect(e).toMatch(/never changed|never deleted|not allowed/);
    };
    await refused(sql`update aml_ctr_filings set fiu_reference = 'X' where id = ${f!.id}::uuid`);
    await refused(sql`update aml_ctr_filings set xml = '' where id = ${f!.id}::uuid`);
    await refused(sql`delete from aml_ctr_filings where id = ${f!.id}::uuid`);
    await refused(sql`delete from aml_ctr_filing_rows`);
    await refused(sql`update aml_ctr_filing_rows set total = 1`);
    await refused(sql`delete from aml_ctr_filed_days`);
    await refused(sql`truncate aml_ctr_filings cascade`);
    const audit = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from audit_log where action like 'aml.ctr_filing.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['aml.ctr_filing.prepare', 'aml.ctr_filing.submitted']);
  });
});
