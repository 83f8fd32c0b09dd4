import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/harness.ts';
import {
  balanceOf,
  call,
  fundedAccount,
  ledgerViolations,
  paymentsScene,
} from '../../../../test/support/payments.ts';
import { queryRows } from '../../../db/rows.ts';
import { runDueStandingOrders } from '../index.ts';

/** Standing orders: recurring transfers, run by end of day or "Run due now", each due date at most once. */
describe('standing orders', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof paymentsScene>>;
  let rich = '';
  let n = 0;
  const ref = () => `SO-T-${++n}`;
  let today = '';

  const setBusinessDate = (d: string) =>
    t.app.db.execute(sql`insert into bank_business_date (id, business_date) values (true, ${d}::date)
      on conflict (id) do update set business_date = excluded.business_date`);
  const addDays = (d: string, k: number) =>
    new Date(Date.parse(d) + k * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    s = await paymentsScene(t.app);
    today = (await call(t.app, s.officer, 'GET', '/api/business-date')).json().business_date;
    await setBusinessDate(today);
    rich = await fundedAccount(t.app, s.boss, { balance: '100000' });
  });
  afterAll(() => t.close());

  const register = async (body: object = {}, who = s.accountant) =>
    call(t.app, who, 'POST', '/api/standing-orders', {
      from_account: rich,
      to_account: await fundedAccount(t.app, s.boss),
      amount: '250',
      narration: 'Rent',
      frequency: 'monthly',
      start_date: today,
      reference: ref(),
      ...body,
    });
  const runNow = (who = s.manager) => call(t.app, who, 'POST', '/api/standing-orders/run', {});
  const order = async (id: string) =>
    (await call(t.app, s.accountant, 'GET', `/api/standing-orders/${id}`)).json();
  const options = async (o: object) => {
    const cur = (await call(t.app, s.manager, 'GET', '/api/standing-orders/options')).json();
    const r = await call(t.app, s.manager, 'PUT', '/api/standing-orders/options', {
      retry_days: cur.retry_days,
      failure_fee_sle: cur.failure_fee_sle,
      failure_fee_usd: cur.failure_fee_usd,
      version: cur.version,
      ...o,
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  it('registers (replayable by reference), runs once per due date, and moves the next date', async () => {
    const body = { reference: ref() };
    const r = await register(body);
    expect(r.statusCode, r.body).toBe(201);
    const o = r.json();
    expect(o).toMatchObject({ status: 'active', next_date: today, amount: '250.00', last_run: null });
    expect((await register(body)).json().id).toBe(o.id);
    const first = await runNow();
    expect(first.json()).toMatchObject({ business_date: today, posted: 1, failed: 0 });
    const second = await runNow();
    expect(second.json()).toMatchObject({ posted: 0, failed: 0 });
    expect(await balanceOf(t.app, o.to_account)).toBe('250.00');
    const after = await order(o.id);
    expect(after.next_date > today).toBe(true);
    expect(after.last_run).toMatchObject({ due_date: today, status: 'posted', attempts: 1 });
    const list = await call(t.app, s.accountant, 'GET', `/api/standing-orders?q=${o.to_account}`);
    expect(list.json().map((x: { id: string }) => x.id)).toEqual([o.id]);
  });

  it('records a refusal, charges the failure fee when set, and moves on (no retry)', async () => {
    await options({ failure_fee_sle: '25.00' });
    const poor = await fundedAccount(t.app, s.boss, { balance: '30' });
    const o = (await register({ from_account: poor, amount: '100' })).json();
    const r = await runNow();
    expect(r.json()).toMatchObject({ posted: 0, failed: 1 });
    const after = await order(o.id);
    expect(after.last_run).toMatchObject({ status: 'missed', code: 'insufficient_funds' });
    expect(after.last_run.fee_entry_id).not.toBeNull();
    expect(after.next_date > today).toBe(true);
    expect(await balanceOf(t.app, poor)).toBe('5.00');
    // Nothing left to pay the fee next time: recorded, not charged.
    await setBusinessDate(after.next_date);
    await runNow();
    expect((await order(o.id)).last_run.message).toMatch(/failure fee was not charged/);
    await setBusinessDate(today);
    await options({ failure_fee_sle: null });
  });

  it('with retry days, tries a failed due date again on a later business date, not twice on one', async () => {
    await options({ retry_days: 2 });
    const poor = await fundedAccount(t.app, s.boss);
    const o = (await register({ from_account: poor, amount: '40' })).json();
    expect((await runNow()).json()).toMatchObject({ posted: 0, failed: 1 });
    expect((await order(o.id)).last_run).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await order(o.id)).next_date).toBe(today);
    expect((await runNow()).json()).toMatchObject({ posted: 0, failed: 0, skipped: 1 });
    await call(t.app, s.boss, 'POST', `/api/accounts/${poor}/transactions`, {
      direction: 'credit',
      amount: '40',
      description: 'Top up',
      reference: ref(),
      counter_account: '1900',
    });
    await setBusinessDate(addDays(today, 1));
    const r = await runDueStandingOrders(t.app.db, addDays(today, 1));
    expect(r.posted).toBeGreaterThanOrEqual(1);
    expect((await order(o.id)).last_run).toMatchObject({ due_date: today, status: 'posted', attempts: 2 });
    await setBusinessDate(today);
    await options({ retry_days: 0 });
  });

  it('amends with the version read, cancels with a reason, and runs no cancelled order', async () => {
    const o = (await register()).json();
    const amend = (body: object) =>
      call(t.app, s.accountant, 'PUT', `/api/standing-orders/${o.id}`, {
        amount: '300',
        narration: 'Rent (new)',
        frequency: 'quarterly',
        end_date: null,
        next_date: addDays(today, 3),
        version: o.version,
        ...body,
      });
    const past = await amend({ next_date: addDays(today, -1) });
    expect([past.statusCode, past.json().details[0].path]).toEqual([400, '/next_date']);
    const ok = await amend({});
    expect(ok.json()).toMatchObject({
      amount: '300.00',
      frequency: 'quarterly',
      next_date: addDays(today, 3),
    });
    const stale = await amend({});
    expect([stale.statusCode, stale.json().details.code]).toEqual([409, 'stale_version']);
    const cancel = await call(t.app, s.accountant, 'POST', `/api/standing-orders/${o.id}/cancel`, {
      reason: 'Customer asked',
      version: ok.json().version,
    });
    expect(cancel.json()).toMatchObject({ status: 'cancelled', next_date: null });
    const again = await amend({ version: cancel.json().version });
    expect([again.statusCode, again.json().details.code]).toEqual([409, 'order_not_active']);
  });

  it('completes an order past its end date, and counts months from the anchor (no month-end drift)', async () => {
    const o = (await register({ end_date: today })).json();
    await runNow();
    expect(await order(o.id)).toMatchObject({ status: 'completed', next_date: null });
    const dates = await queryRows<{ d: string }>(
      t.app.db,
      sql`select standing_order_date(date '2026-01-31', 'monthly', g)::text as d from generate_series(0, 3) g`,
    );
    expect(dates.map((x) => x.d)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('refuses what it must: limit, dates, accounts, permission, branch; a cross-currency order fails without a rate', async () => {
    const over = await register({ amount: '1000001' });
    expect([over.statusCode, over.json().details.code]).toEqual([409, 'over_limit']);
    const early = await register({ start_date: addDays(today, -1) });
    expect([early.statusCode, early.json().details[0].path]).toEqual([400, '/start_date']);
    const ends = await register({ end_date: addDays(today, -1) });
    expect([ends.statusCode, ends.json().details[0].path]).toEqual([400, '/end_date']);
    expect((await register({ to_account: rich })).statusCode).toBe(400);
    expect((await register({}, s.officer)).statusCode).toBe(403);
    expect((await register({}, s.away)).statusCode).toBe(403);
    expect((await runNow(s.accountant)).statusCode).toBe(403);
    const usd = await fundedAccount(t.app, s.boss, { currency: 'USD' });
    const fx = (await register({ to_account: usd, amount: '10' })).json();
    await runNow();
    expect((await order(fx.id)).last_run).toMatchObject({ status: 'missed', code: 'no_rate' });
  });

  it('“Run due now” runs only the caller’s branch without branches.all; every invariant holds', async () => {
    await register();
    expect((await runNow(s.away)).json()).toMatchObject({ posted: 0, failed: 0, skipped: 0 });
    expect((await runNow()).json().posted).toBe(1);
    expect(await ledgerViolations(t.app)).toEqual([]);
  });
});
