import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import type { TestApp } from '../../../test/support/harness.ts';
import {
  allViolations,
  bookCounts,
  businessDate,
  openAccount,
  runEndOfDay,
  setBusinessDate,
  waitForRun,
  useEodScene,
  type EodStaff,
} from '../../../test/support/eod.ts';

/** Every weekday from `from` to `to` that is not in `keep` becomes a holiday: one run then spans them all. */
async function holidaysBetween(t: TestApp, from: string, to: string, keep: string[] = []) {
  await t.app.db.execute(sql`
    insert into holidays (kind, on_date, name, created_by)
    select 'movable', d::date, 'Test closure', 'test' from generate_series(${from}::date, ${to}::date, interval '1 day') d
     where extract(isodow from d) < 6 and d::date <> all(${`{${keep.join(',')}}`}::date[]) and is_working_day(d::date)
    on conflict do nothing`);
}

const postingOf = async (t: TestApp, accountId: number) =>
  (
    await queryRows<{ gross: string; wht: string; net: string }>(
      t.app.db,
      sql`select gross::text, wht::text, net::text from interest_postings where account_id = ${accountId} order by business_date`,
    )
  ).map((r) => [r.gross, r.wht, r.net]);

describe('interest rounding (ADR: accrue at full precision, post to the cent, carry the remainder)', () => {
  let t: TestApp;
  let staff: EodStaff;
  const scene = useEodScene('2026-11-24');
  beforeAll(async () => {
    ({ t, staff } = scene);
  });

  it('Le 1,000,000.00 at 5% for 31 days, actual/365: Le 4,246.58 gross, Le 636.99 WHT, Le 3,609.59 net', async () => {
    await setBusinessDate(t.app, '2026-10-01');
    await holidaysBetween(t, '2026-10-02', '2026-10-30');
    const a = await openAccount(t.app, { product: 'E-SAV', deposit: '1000000.00' });
    const run = await runEndOfDay(t, staff);
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run.monthEnd).toBe(true);
    expect(run.nextBusinessDate).toBe('2026-11-02');
    expect(await postingOf(t, a.id)).toEqual([['4246.58', '636.99', '3609.59']]);
    const [acct] = await queryRows<{ balance: string; wht_gl: string }>(
      t.app.db,
      sql`select balance::text, (select sum(case side when 'credit' then amount else -amount end)::text from gl_lines where gl_code = '2520') as wht_gl
            from accounts where id = ${a.id}`,
    );
    expect(acct).toEqual({ balance: '1003609.59', wht_gl: '636.99' });
    // 31 days at 136.9863013699 make 4246.5753424669: 0.0046575331 less than posted, carried (negative).
    const [i] = await queryRows<{ accrued: string; through: string }>(
      t.app.db,
      sql`select credit_accrued::text as accrued, credit_through::text as through from account_interest where account_id = ${a.id}`,
    );
    expect(i!.through).toBe('2026-11-01');
    // Nov 1 accrued on the new balance after posting: 1,003,609.59 × 5% / 365 = 137.4807657534, less the
    // carried 0.0046575331.
    expect(i!.accrued).toBe('137.4761082203');
    expect(await allViolations(t.app)).toEqual([]);
  });

  it('rerunning the completed date posts nothing and leaves the business date alone', async () => {
    const before = await bookCounts(t.app);
    const [{ id } = { id: '' }] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select max(id)::text as id from eod_runs`,
    );
    const res = await staff.call('POST', `/api/eod/runs/${id}/retry`, staff.maker);
    expect(res.statusCode).toBe(202);
    const again = await waitForRun(t, staff, id);
    expect(again.status, again.error ?? '').toBe('completed');
    expect(await bookCounts(t.app)).toEqual(before);
    expect(await businessDate(t.app)).toBe('2026-11-02');
    expect(await allViolations(t.app)).toEqual([]);
  });

  it('a year of monthly postings equals the exact interest of the year within a cent', async () => {
    await setBusinessDate(t.app, '2027-01-04');
    // One working day a month (its first weekday): each run spans a month, posting at its end.
    const firsts: string[] = [];
    for (let m = 0; m < 13; m++) {
      const d = new Date(Date.UTC(2027, m, 1));
      while ([0, 6].includes(d.getUTCDay()) || (d.getUTCMonth() === 0 && d.getUTCDate() === 1))
        d.setUTCDate(d.getUTCDate() + 1);
      firsts.push(d.toISOString().slice(0, 10));
    }
    await holidaysBetween(t, '2027-01-05', '2028-01-31', firsts);
    const a = await openAccount(t.app, { product: 'E-SAV', deposit: '123456.78' });
    for (let m = 0; m < 12; m++) {
      const run = await runEndOfDay(t, staff);
      expect(run.status, run.error ?? '').toBe('completed');
      expect(run.businessDate).toBe(firsts[m]);
    }
    // Independently: each day's balance × 5 / 36500 to 10 decimals (in units of 1e-10), interest credited net monthly.
    const postings = await queryRows<{ d: string; gross: string; net: string }>(
      t.app.db,
      sql`select business_date::text as d, gross::text, net::text from interest_postings where account_id = ${a.id} order by business_date`,
    );
    expect(postings).toHaveLength(12);
    let balance = 12345678n; // cents
    let exact = 0n;
    const round10 = (num: bigint, den: bigint) => (num * 2n + den) / (2n * den);
    const start = Date.parse('2027-01-04T00:00:00Z');
    const [i] = await queryRows<{ through: string; accrued: string }>(
      t.app.db,
      sql`select credit_through::text as through, credit_accrued::text as accrued from account_interest where account_id = ${a.id}`,
    );
    const end = Date.parse(`${i!.through}T00:00:00Z`);
    let posted = 0n;
    let exactAtLastPosting = 0n;
    for (let day = start; day <= end; day += 86_400_000) {
      // balance (cents) × 5 / 36500 in units of 1e-10 Le = cents × 5 × 1e8 / 36500
      exact += round10(balance * 5n * 100_000_000n, 36500n);
      const iso = new Date(day).toISOString().slice(0, 10);
      const p = postings.find((x) => {
        const monthEnd = new Date(Date.UTC(Number(x.d.slice(0, 4)), Number(x.d.slice(5, 7)), 0))
          .toISOString()
          .slice(0, 10);
        return monthEnd === iso;
      });
      if (p) {
        balance += BigInt(p.net.replace('.', ''));
        posted += BigInt(p.gross.replace('.', ''));
        exactAtLastPosting = exact;
      }
    }
    const remaining = BigInt(i!.accrued.replace('.', '')); // 1e-10 units
    // Posted (cents → 1e-10) plus what is still accrued is the exact interest to the 1e-10 …
    expect(posted * 100_000_000n + remaining).toBe(exact);
    // … and a year of postings is the exact interest of those months within half a cent (0.5e8 units).
    const gap = exactAtLastPosting - posted * 100_000_000n;
    expect(gap < 0n ? -gap : gap).toBeLessThanOrEqual(50_000_000n);
    expect(await allViolations(t.app)).toEqual([]);
  });
});
