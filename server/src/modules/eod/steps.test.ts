import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { postEntry } from '../ledger/index.ts';
import type { TestApp } from '../../../test/support/harness.ts';
import {
  allViolations,
  openAccount,
  runEndOfDay,
  teller,
  useEodScene,
  type EodStaff,
} from '../../../test/support/eod.ts';

const accrued = async (t: TestApp, id: number) =>
  (
    await queryRows<{ credit: string; debit: string; booked: string }>(
      t.app.db,
      sql`select credit_accrued::text as credit, debit_accrued::text as debit, credit_booked::text as booked
            from account_interest where account_id = ${id}`,
    )
  )[0];
const balanceOf = async (t: TestApp, id: number) =>
  (
    await queryRows<{ b: string; s: string; m: string | null }>(
      t.app.db,
      sql`select balance::text as b, status as s, maturity_date::text as m from accounts where id = ${id}`,
    )
  )[0]!;
const glBalance = async (t: TestApp, code: string, currency = 'SLE') =>
  (
    await queryRows<{ b: string }>(
      t.app.db,
      sql`select coalesce(sum(case side when 'debit' then amount else -amount end), 0)::text as b
          from gl_lines where gl_code = ${code} and currency = ${currency}`,
    )
  )[0]!.b;

describe('end-of-day steps over a week to a month end', () => {
  let t: TestApp;
  let staff: EodStaff;
  type Key =
    | 'small'
    | 'mid'
    | 'big'
    | 'od'
    | 'cur1000'
    | 'cur100'
    | 'cur5'
    | 'usd'
    | 'payout'
    | 'fdPaid'
    | 'fdRoll'
    | 'fdNoPayout'
    | 'sleepy'
    | 'credited'
    | 'awake'
    | 'drowsy'
    | 'frozen';
  const ids = {} as Record<Key, number>;
  const scene = useEodScene('2026-11-24', { eod: { chunkRows: 3, leaseSeconds: 20, lanes: 2 } });
  beforeAll(async () => {
    ({ t, staff } = scene);
  });

  it('accrues each tier at its own rate and overdraft interest on a balance below zero (Tue 24 Nov)', async () => {
    ids.small = (await openAccount(t.app, { product: 'E-TIER', deposit: '5000.00' })).id;
    ids.frozen = (await openAccount(t.app, { product: 'E-TIER', deposit: '5000.00' })).id;
    ids.mid = (await openAccount(t.app, { product: 'E-TIER', deposit: '50000.00' })).id;
    ids.big = (await openAccount(t.app, { product: 'E-TIER', deposit: '200000.00' })).id;
    ids.od = (await openAccount(t.app, { product: 'E-CUR', overdraftLimit: '10000.00' })).id;
    await teller(t.app, ids.od, 'debit', '5000.00');
    ids.cur1000 = (await openAccount(t.app, { product: 'E-CUR', deposit: '1000.00' })).id;
    ids.cur100 = (await openAccount(t.app, { product: 'E-CUR', deposit: '100.00' })).id;
    ids.cur5 = (await openAccount(t.app, { product: 'E-CUR', deposit: '5.00' })).id;
    ids.usd = (await openAccount(t.app, { product: 'E-USD', deposit: '10000.00' })).id;
    ids.payout = (await openAccount(t.app, { product: 'E-SAV', deposit: '10.00' })).id;
    ids.fdPaid = (
      await openAccount(t.app, {
        product: 'E-FD',
        deposit: '100000.00',
        tenorMonths: 3,
        maturityDate: '2026-11-25',
        rollover: 'none',
        payoutAccountId: ids.payout,
      })
    ).id;
    ids.fdRoll = (
      await openAccount(t.app, {
        product: 'E-FD',
        deposit: '50000.00',
        tenorMonths: 3,
        maturityDate: '2026-11-25',
        rollover: 'principal_and_interest',
      })
    ).id;
    ids.fdNoPayout = (
      await openAccount(t.app, {
        product: 'E-FD',
        deposit: '20000.00',
        tenorMonths: 3,
        maturityDate: '2026-11-25',
        rollover: 'principal',
      })
    ).id;
    // Dormancy: opened long ago, no customer activity; one with only a transfer credit (not theirs); one active lately.
    ids.sleepy = (await openAccount(t.app, { product: 'E-SAV', openedOn: '2025-01-01' })).id;
    ids.credited = (await openAccount(t.app, { product: 'E-SAV', openedOn: '2025-01-01' })).id;
    await postEntry(t.app.db, {
      source: 'transfer',
      narration: 'Salary from employer',
      lines: [
        { accountId: ids.credited, side: 'credit', amount: '300.00' },
        { glCode: '1900', currency: 'SLE', side: 'debit', amount: '300.00' },
      ],
      audit: { action: 'test.transfer', targetType: 'account', targetId: String(ids.credited) },
    });
    const awake = await openAccount(t.app, { product: 'E-SAV', openedOn: '2025-01-01' });
    ids.awake = awake.id;
    // Asleep too, but its holder keeps the awake account above: the customer stays Active.
    ids.drowsy = (
      await openAccount(t.app, { product: 'E-SAV', openedOn: '2025-01-01', custId: awake.custId })
    ).id;
    await t.app.db.execute(
      sql`insert into account_activity (account_id, last_customer_activity) values (${ids.awake}, '2026-06-01')`,
    );

    const run = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(run.status, JSON.stringify(run.steps.filter((s) => s.error))).toBe('completed');
    expect((await accrued(t, ids.small))!.credit).toBe('0.5479452055');
    expect((await accrued(t, ids.mid))!.credit).toBe('6.8493150685');
    expect((await accrued(t, ids.big))!.credit).toBe('32.8767123288');
    expect((await accrued(t, ids.od))!.debit).toBe('3.2876712329');
    expect(await glBalance(t, '1420')).toBe('3.29');
    // Each accrual step reports its own interest: the overdraft row is not the credit row again.
    const totalsOf = (step: string) => run.steps.find((s) => s.step === step)!.totals;
    expect(totalsOf('overdraft_accrual')).toEqual({
      'SLE debit interest booked': '3.29',
      'overdrawn accounts charged': '1',
    });
    expect(Object.keys(totalsOf('credit_accrual')).some((k) => k.includes('debit'))).toBe(false);
    expect(totalsOf('credit_accrual')['accounts earning']).toBeDefined();
    // Dormant: the two without customer activity for 365 days, not the one active in June.
    expect((await balanceOf(t, ids.sleepy)).s).toBe('Dormant');
    expect((await balanceOf(t, ids.credited)).s).toBe('Dormant');
    expect((await balanceOf(t, ids.awake)).s).toBe('Active');
    expect((await balanceOf(t, ids.drowsy)).s).toBe('Dormant');
    expect(run.steps.find((s) => s.step === 'dormancy')!.totals['newly dormant']).toBe('3');
    // Customers: the two whose only account went to sleep are Dormant, with one audit row; not the third.
    const holders = await queryRows<{ id: string; status: string }>(
      t.app.db,
      sql`select a.id::text, c.status from accounts a join customers c on c.cust_id = a.cust_id
           where a.id in (${ids.sleepy}, ${ids.credited}, ${ids.awake}) order by a.id`,
    );
    expect(holders.map((h) => h.status)).toEqual(['Dormant', 'Dormant', 'Active']);
    const [audit] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select (details->>'count')::int as n from audit_log where action = 'eod.customer_dormancy_mark'`,
    );
    expect(audit!.n).toBe(2);
    expect(await allViolations(t.app)).toEqual([]);
  });

  it('uses the version in force that day, and matures fixed deposits (Wed 25 Nov)', async () => {
    await t.app.db
      .execute(sql`insert into product_versions (product_code, version, effective_from, credit_rate, credit_tiers,
      dormancy_days, posting_frequency) values ('E-TIER', 2, '2026-11-25', 10, '[]', 365, 'monthly')`);
    const run = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(run.status, run.error ?? '').toBe('completed');
    expect((await accrued(t, ids.small))!.credit).toBe('1.9178082192');
    // Paid out: 1 day at 8% (3-month tenor) = 21.92 gross, 3.29 WHT, 18.63 net; all of it to the linked account.
    expect(await balanceOf(t, ids.fdPaid)).toEqual({ b: '0.00', s: 'Closed', m: '2026-11-25' });
    expect((await balanceOf(t, ids.payout)).b).toBe('100028.63');
    // Rolled over with its interest: 10.96 gross, 1.64 WHT, 9.32 net; next maturity three months on.
    expect(await balanceOf(t, ids.fdRoll)).toEqual({ b: '50009.32', s: 'Active', m: '2027-02-25' });
    // … and it accrues from its old maturity day on the new principal (after posting): the carried
    // 10.9589041096 − 10.96 = −0.0010958904, plus 50,009.32 × 8% / 365 = 10.9609468493.
    expect((await accrued(t, ids.fdRoll))!.credit).toBe('10.9598509589');
    expect(run.failures.map((f) => f.error)).toContain(
      'No linked payout account to pay the matured deposit into',
    );
    expect(await allViolations(t.app)).toEqual([]);
  });

  it('accrues the weekend on Friday (Thu 26, Fri 27 Nov)', async () => {
    await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    const fri = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(fri.nextBusinessDate).toBe('2026-11-30');
    // 24 Nov at 4%, 25–29 Nov (5 days) at 10%.
    expect((await accrued(t, ids.small))!.credit).toBe(String((0.5479452055 + 5 * 1.3698630137).toFixed(10)));
    expect(await allViolations(t.app)).toEqual([]);
  });

  it('posts interest with WHT and charges fees at the month end; an account without room is recorded (Mon 30 Nov)', async () => {
    // A totally blocked account keeps its interest for a later posting; the step says so.
    await t.app.db.execute(
      sql`update accounts set status = 'Blocked', block_kind = 'total' where id = ${ids.frozen}`,
    );
    const run = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run.monthEnd).toBe(true);
    const p = await queryRows<{ gross: string; wht: string; net: string }>(
      t.app.db,
      sql`select gross::text, wht::text, net::text from interest_postings where account_id = ${ids.small} and reason = 'month_end'`,
    );
    expect(p).toEqual([{ gross: '8.77', wht: '1.32', net: '7.45' }]);
    const posting = run.steps.find((s) => s.step === 'interest_posting')!;
    expect(posting.totals['not posted, account totally blocked']).toBe('1');
    expect(posting.rowsTotal - posting.rowsDone - posting.rowsFailed).toBe(1);
    expect((await accrued(t, ids.frozen))!.credit).not.toBe('0.0000000000');
    expect((await balanceOf(t, ids.small)).b).toBe('5007.45');
    // USD interest withholds into 2521 (USD), not 2520.
    const usdWht = await glBalance(t, '2521', 'USD');
    expect(Number(usdWht)).toBeLessThan(0);
    // Fees: 1000 → 975 (monthly); 100 → 90 (below minimum) → 65 (monthly); 5 → nothing, two failures.
    expect((await balanceOf(t, ids.cur1000)).b).toBe('975.00');
    expect((await balanceOf(t, ids.cur100)).b).toBe('65.00');
    expect((await balanceOf(t, ids.cur5)).b).toBe('5.00');
    const fees = run.steps.find((s) => s.step === 'fees')!;
    expect(fees.status).toBe('done');
    expect(fees.rowsFailed).toBeGreaterThanOrEqual(2);
    expect(run.failures.filter((f) => f.step === 'fees').map((f) => f.error)).toEqual([
      expect.stringMatching(/Insufficient funds/),
      expect.stringMatching(/Insufficient funds/),
    ]);
    // Overdraft interest posts quarterly on this product: still accrued, not charged.
    expect(Number((await accrued(t, ids.od))!.debit)).toBeGreaterThan(20);
    expect(await allViolations(t.app)).toEqual([]);
  });
});
