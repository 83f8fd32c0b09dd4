import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAccountNumber } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../../test/support/harness.ts';
import {
  approve,
  balanceOf,
  call,
  fundedAccount,
  ledgerViolations,
  paymentsScene,
  setUsdRate,
} from '../../../../test/support/payments.ts';
import { queryRows } from '../../../db/rows.ts';

/** Transfers and their role limits, over HTTP. */
describe('transfers: the day’s rate, limits and four-eyes, idempotency, scope', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof paymentsScene>>;
  let sle = '';
  let sle2 = '';
  let usd = '';
  let n = 0;
  const ref = () => `TRF-${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    s = await paymentsScene(t.app);
    sle = await fundedAccount(t.app, s.boss, { balance: '200000' });
    sle2 = await fundedAccount(t.app, s.boss);
    usd = await fundedAccount(t.app, s.boss, { currency: 'USD', balance: '5000' });
  });
  afterAll(() => t.close());

  const transfer = (who = s.officer, body: object = {}) =>
    call(t.app, who, 'POST', '/api/transfers', {
      from_account: sle,
      to_account: sle2,
      amount: '100',
      narration: 'Test transfer',
      reference: ref(),
      ...body,
    });

  it('moves money in one currency, and replays a reference without posting twice', async () => {
    const body = { reference: ref() };
    const r = await transfer(s.officer, body);
    expect(r.statusCode, r.body).toBe(201);
    const again = await transfer(s.officer, body);
    expect([again.statusCode, again.json().id]).toEqual([200, r.json().id]);
    expect(await balanceOf(t.app, sle2)).toBe('100.00');
  });

  it('across currencies refuses without a rate for the day (no_rate), then uses the table’s buy or sell rate', async () => {
    const none = await transfer(s.officer, { from_account: usd, to_account: sle2, amount: '10' });
    expect([none.statusCode, none.json().details.code]).toEqual([409, 'no_rate']);
    await setUsdRate(t.app, '22.5', '23.5', '23');
    const buy = await transfer(s.officer, { from_account: usd, to_account: sle2, amount: '10' });
    expect(buy.statusCode, buy.body).toBe(201);
    expect(buy.json().fx_rate).toBe('22.500000');
    const lines = buy
      .json()
      .lines.map(
        (l: { gl_code: string; currency: string; side: string; amount: string }) =>
          `${l.gl_code} ${l.currency} ${l.side} ${l.amount}`,
      );
    expect(lines.sort()).toEqual([
      '1810 SLE debit 225.00',
      '1810 USD credit 10.00',
      '2020 SLE credit 225.00',
      '2021 USD debit 10.00',
    ]);
    const sell = await transfer(s.officer, { from_account: sle, to_account: usd, amount: '235' });
    expect([sell.statusCode, sell.json().fx_rate]).toEqual([201, '23.500000']);
    // The same rate typed by the caller is the table's; audit records where it came from.
    const typed = await transfer(s.officer, {
      from_account: sle,
      to_account: usd,
      amount: '47',
      rate: '23.50',
    });
    expect(typed.statusCode).toBe(201);
    const audits = await queryRows<{ src: string }>(
      t.app.db,
      sql`select details->>'rateSource' as src from audit_log where action = 'ledger.transfer' and outcome = 'success'
          and details->>'rateSource' is not null order by id`,
    );
    expect(audits.map((a) => a.src)).toEqual(['table', 'table', 'table']);
  });

  it('refuses another rate without treasury.rates (rate_mismatch, audited); an accountant may override, recorded', async () => {
    const other = await transfer(s.officer, { from_account: usd, to_account: sle2, amount: '1', rate: '30' });
    expect([other.statusCode, other.json().details]).toEqual([
      409,
      { code: 'rate_mismatch', tableRate: '22.500000' },
    ]);
    const [refusal] = await queryRows<{ reason: string }>(
      t.app.db,
      sql`select details->>'reason' as reason from audit_log where action = 'ledger.transfer' and outcome = 'failure' order by id desc limit 1`,
    );
    expect(refusal!.reason).toBe('rate_mismatch');
    const override = await transfer(s.accountant, {
      from_account: usd,
      to_account: sle2,
      amount: '1',
      rate: '30',
    });
    expect([override.statusCode, override.json().fx_rate], override.body).toEqual([201, '30.000000']);
    const [audit] = await queryRows<{ d: Record<string, string> }>(
      t.app.db,
      sql`select details as d from audit_log where action = 'ledger.transfer' and outcome = 'success' order by id desc limit 1`,
    );
    expect(audit!.d).toMatchObject({ rateSource: 'override', rate: '30', tableRate: '22.500000' });
    const same = await transfer(s.officer, { rate: '1' });
    expect([same.statusCode, same.json().details.code]).toEqual([409, 'currency_mismatch']);
  });

  it('over the maker’s transfer limit asks a second person (202), once per reference; nothing moves until approved', async () => {
    const before = await balanceOf(t.app, sle2);
    const body = { amount: '60000', reference: ref() }; // the Officer's limit is Le 50,000
    const asked = await transfer(s.officer, body);
    expect(asked.statusCode, asked.body).toBe(202);
    const { approvalId } = asked.json();
    expect((await transfer(s.officer, body)).json()).toEqual({ approvalId });
    expect(await balanceOf(t.app, sle2)).toBe(before);
    const own = await approve(t.app, s.officer, approvalId);
    expect(own.statusCode).toBe(403); // the Officer may not approve at all (no journal.approve)
    const ok = await approve(t.app, s.supervisor, approvalId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balanceOf(t.app, sle2)).toBe((Number(before) + 60000).toFixed(2));
    // After approval the same request still answers the same approval, and posts nothing more.
    expect((await transfer(s.officer, body)).json()).toEqual({ approvalId });
    const [e] = await queryRows<{ maker: string; by: string }>(
      t.app.db,
      sql`select e.maker_email as maker, a.details->>'approvedBy' as by from journal_entries e
          join audit_log a on a.details->>'entryId' = e.id::text where e.reference = ${body.reference}`,
    );
    expect(e).toEqual({ maker: s.officer.email, by: s.supervisor.email });
  });

  it('a checker whose approval limit is too small is refused; a superuser maker is still four-eyes', async () => {
    const big = await transfer(s.accountant, { amount: '100000', reference: ref() }); // accountant limit 1,000,000
    expect(big.statusCode).toBe(201);
    const asked = await transfer(s.supervisor, { from_account: sle2, to_account: sle, amount: '300000' }); // supervisor limit 200,000
    expect(asked.statusCode).toBe(202);
    const self = await approve(t.app, s.supervisor, asked.json().approvalId);
    expect([self.statusCode, self.json().details]).toEqual([409, { code: 'own_request' }]);
  });

  it('is scoped to the paying account’s branch, and answers 400/404 for bad accounts', async () => {
    const away = await transfer(s.away);
    expect([away.statusCode, away.json().details]).toEqual([403, { permission: 'branches.all' }]);
    expect((await transfer(s.officer, { to_account: sle })).statusCode).toBe(400);
    const typo = `${sle.slice(0, 12)}${(Number(sle[12]) + 1) % 10}`;
    const bad = await transfer(s.officer, { to_account: typo });
    expect([bad.statusCode, bad.json().details[0].path]).toEqual([400, '/to_account']);
    // Both accounts are read in one query; the 404 names the one that is missing.
    const nowhere = makeAccountNumber('999', 1);
    for (const body of [{ to_account: nowhere }, { from_account: nowhere }]) {
      const missing = await transfer(s.officer, body);
      expect([missing.statusCode, missing.json().error]).toEqual([404, expect.stringContaining(nowhere)]);
    }
    const quote = await call(t.app, s.officer, 'GET', `/api/transfers/quote?from=${sle}&to=${nowhere}`);
    expect([quote.statusCode, quote.json().error]).toEqual([404, expect.stringContaining(nowhere)]);
    expect((await transfer(s.officer, { amount: '1.001' })).statusCode).toBe(400);
  });

  it('previews both accounts, the day’s rate and the credited amount', async () => {
    const q = await call(t.app, s.officer, 'GET', `/api/transfers/quote?from=${sle}&to=${usd}&amount=470`);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toMatchObject({
      from: { number: sle, currency: 'SLE', status: 'Active' },
      to: { number: usd, currency: 'USD' },
      rate: '23.500000',
      rate_kind: 'sell',
      rate_missing: false,
      credited: '20.00',
    });
    const same = await call(t.app, s.officer, 'GET', `/api/transfers/quote?from=${sle}&to=${sle2}&amount=5`);
    expect(same.json()).toMatchObject({ rate: null, rate_kind: null, credited: '5.00' });
    expect((await call(t.app, s.officer, 'GET', `/api/transfers/quote?from=${sle}&to=123`)).statusCode).toBe(
      400,
    );
    expect((await call(t.app, s.away, 'GET', `/api/transfers/quote?from=${sle}&to=${sle2}`)).statusCode).toBe(
      403,
    );
  });

  it('leaves every ledger invariant intact', async () => {
    expect(await ledgerViolations(t.app)).toEqual([]);
  });
});
