import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AmlAlert, CtrFiling, CtrReport } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { BRANCH, cashAccount, dollars, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { setBusinessDate } from '../../../test/support/eod.ts';
import { queryRows } from '../../db/rows.ts';
import { checkGoamlStructure } from '../goaml/index.ts';
import { addDays } from './ctr-list.ts';

/**
 * US dollar cash in the AML rules and the CTRs, over HTTP: judged in Leones at the day's mid rate
 * (Le 22.50 to the dollar here) against the Leone thresholds, and summed with the customer's Leone
 * cash of the same day.
 */
describe('US dollar cash in monitoring and CTRs', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  let day: string;
  const call = (method: 'GET' | 'POST', url: string, who: StaffUser, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  const deposit = async (who: StaffUser, accountNumber: string, amount: string) => {
    const r = await call('POST', '/api/teller/deposits', who, {
      reference: ref(),
      accountNumber,
      amount,
      partyName: 'Mariama Kamara',
      partyIdNumber: 'SL-77',
      signatureConfirmed: true,
    });
    expect(r.statusCode, r.body).toBe(201);
  };
  /** A second account, in dollars, for an existing customer. */
  const usdAccountOf = async (custId: number) => {
    const [a] = await queryRows<{ number: string }>(
      t.app.db,
      sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
          select make_account_number(${BRANCH}, nextval('account_serial_seq')), ${custId}, p.code, p.account_type,
                 p.currency, 'Active', current_business_date(), ${BRANCH}, p.ledger_code
            from products p where p.code = 'TS-USD'
          returning account_number as number`,
    );
    return a!.number;
  };
  const ctrs = async () =>
    (await call('GET', `/api/ctr-reports?from=${day}&to=${day}&pageSize=100`, scene.comp)).json<
      CtrReport[]
    >();

  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
    const [d] = await queryRows<{ d: string }>(t.app.db, sql`select current_business_date()::text as d`);
    day = d!.d;
    await t.app.db.execute(sql`insert into fx_rates (currency, business_date, buy, sell, mid)
        values ('USD', current_business_date() - 3, 22.00, 23.00, 22.50)`);
    await openTill(scene, scene.teller, '40000.00', 'USD-SLE');
    const usdTill = await call('POST', '/api/teller/sessions', scene.teller2, {
      reference: ref(),
      tillCode: 'USD-T2',
      currency: 'USD',
      allocation: dollars('5000'),
    });
    expect(usdTill.statusCode, usdTill.body).toBe(201);
  });
  afterAll(() => t.close());

  it('raises structuring on dollar deposits each under the threshold in Leones, at the latest rate', async () => {
    const a = await cashAccount(t.app, { currency: 'USD' });
    // USD 1,000 is Le 22,500: under Le 30,000 alone; two make Le 45,000.
    await deposit(scene.teller2, a.number, '1000.00');
    await deposit(scene.teller2, a.number, '1000.00');
    const r = await call('GET', '/api/aml/alerts?scenario=structuring&pageSize=100', scene.comp);
    expect(r.statusCode, r.body).toBe(200);
    const hit = r.json<AmlAlert[]>().find((x) => x.customerId === a.custId);
    expect(hit).toMatchObject({ amount: '45000.00', currency: 'SLE' });
    const ctr = (await ctrs()).filter((c) => c.custId === a.custId);
    expect(ctr).toEqual([expect.objectContaining({ currency: 'USD', total: '2000.00', direction: 'in' })]);
  });

  it('no CTR for dollars under the Leone threshold at the day’s rate, though over the old dollar figure', async () => {
    const a = await cashAccount(t.app, { currency: 'USD' });
    // USD 1,300 is Le 29,250: under Le 30,000.
    await deposit(scene.teller2, a.number, '1300.00');
    expect((await ctrs()).some((c) => c.custId === a.custId)).toBe(false);
  });

  it('sums a customer’s Leone and dollar cash of one day into one CTR, a row per currency', async () => {
    const sle = await cashAccount(t.app, {});
    const usd = await usdAccountOf(sle.custId);
    // Le 20,000 and USD 500 (Le 11,250): Le 31,250 together, neither alone.
    await deposit(scene.teller, sle.number, '20000.00');
    await deposit(scene.teller2, usd, '500.00');
    const mine = (await ctrs()).filter((c) => c.custId === sle.custId);
    expect(mine.map((c) => [c.currency, c.total]).sort()).toEqual([
      ['SLE', '20000.00'],
      ['USD', '500.00'],
    ]);
  });

  it('files dollar cash to the FIU in Leones at the rate, with the dollars and the rate beside them', async () => {
    // The day before is closed once the business date moves on; its CTRs (the test above's) are filed.
    await setBusinessDate(t.app, addDays(day, 1));
    const r = await call('POST', '/api/ctr-filings', scene.comp, { period: 'day', date: day });
    expect(r.statusCode, r.body).toBe(201);
    const xml = await call('GET', `/api/ctr-filings/${r.json<CtrFiling>().id}/xml`, scene.comp);
    expect(checkGoamlStructure(xml.body)).toEqual([]);
    // USD 500 at Le 22.50: Le 11,250.00 as goAML's local amount; the Leone deposit stays as it is.
    expect(xml.body).toContain('<amount_local>11250.00</amount_local>');
    expect(xml.body).toContain('<amount_local>20000.00</amount_local>');
    expect(xml.body).toMatch(
      /<to_foreign_currency>\s*<foreign_currency_code>USD<\/foreign_currency_code>\s*<foreign_amount>500.00<\/foreign_amount>\s*<foreign_exchange_rate>22.500000<\/foreign_exchange_rate>\s*<\/to_foreign_currency>/,
    );
    // Every dollar line carries it (the first test's two USD 1,000 deposits and this USD 500); no Leone line does.
    expect(xml.body.match(/<to_foreign_currency>/g)).toHaveLength(3);
    expect(xml.body).toContain('<foreign_amount>1000.00</foreign_amount>');
  });
});
