import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  EXECUTIVE_DASHBOARD_TEXT as T,
  fromCents,
  previousMonthEnd,
  toCents,
  type ExecutiveDashboard,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { setBusinessDate } from '../../../test/support/eod.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan, runLoanBook } from '../../../test/support/loan-book.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { aggregateDay } from './index.ts';

const plus = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The executive dashboard's NPL ratio through the real server: A never pays and is Substandard by the
 * last day kept; B is disbursed late and Current. The ratio and its trend come from end of day's
 * per-class aggregate, never from the loans.
 */
describe('executive dashboard: NPL ratio', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let finance: StaffUser;
  let a = 0;
  let day = '';
  let previous = '';
  const principal: Record<number, string> = {};

  const dashboard = async (who: StaffUser, query = '') => {
    const res = await s.call('GET', `/api/reports/executive-dashboard${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ExecutiveDashboard>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    // The Head of Credit reads reports across branches.
    finance = s.head;
    a = await disbursedLoan(t.app, s, '20000.00');
    const [due] = await queryRows<{ d: string }>(
      t.app.db,
      sql`select due_date::text as d from loan_instalments where loan_id = ${a} and instalment_number = 1`,
    );
    day = plus(due!.d, 100);
    previous = previousMonthEnd(day);
    await runLoanBook(t.app, previous);
    await t.app.db.transaction((tx) => aggregateDay(tx, previous, 'backfill'));
    await setBusinessDate(t.app, plus(day, -3));
    const b = await disbursedLoan(t.app, s, '10000.00');
    await runLoanBook(t.app, day);
    await t.app.db.transaction((tx) => aggregateDay(tx, day, 'eod'));
    for (const id of [a, b]) {
      const [p] = await queryRows<{ p: string }>(
        t.app.db,
        sql`select principal_outstanding::text as p from loan_daily_status where loan_id = ${id} and business_date = ${day}::date`,
      );
      principal[id] = p!.p;
    }
  });
  afterAll(() => t.close());

  it('is Substandard + Doubtful + Loss principal over all principal at the last end of day, per currency', async () => {
    const body = await dashboard(finance);
    const sle = body.npl.currencies.find((c) => c.currency === 'SLE')!;
    const gross = Object.values(principal).reduce((x, p) => x + toCents(p), 0n);
    expect(sle.nonPerforming).toBe(principal[a]);
    expect(sle.gross).toBe(fromCents(gross));
    // 100 × np ÷ gross to two places, half up, in integers.
    const want = (toCents(principal[a]!) * 10000n * 2n + gross) / (2n * gross);
    expect(sle.percent).toBe(`${want / 100n}.${String(want % 100n).padStart(2, '0')}`);
    expect(body.npl).toMatchObject({ percent: sle.percent, asAt: day, note: null });
    expect(body.npl.currencies.find((c) => c.currency === 'USD')).toMatchObject({
      gross: '0.00',
      percent: null,
    });
  });

  it('has a 12-month trend: each month’s last aggregated day, none where no day was kept', async () => {
    const sle = (await dashboard(finance)).npl.currencies.find((c) => c.currency === 'SLE')!;
    expect(sle.trend).toHaveLength(12);
    expect(sle.trend.at(-1)).toEqual({ month: day.slice(0, 7), percent: sle.percent });
    const [prev] = await queryRows<{ np: string; gross: string }>(
      t.app.db,
      sql`select coalesce(sum(principal_outstanding) filter (where loan_class in ('substandard', 'doubtful', 'loss')), 0)::text as np,
                 sum(principal_outstanding)::text as gross
            from loan_daily_status where business_date = ${previous}::date`,
    );
    const p = sle.trend.find((x) => x.month === previous.slice(0, 7))!;
    const want = (toCents(prev!.np) * 10000n * 2n + toCents(prev!.gross)) / (2n * toCents(prev!.gross));
    expect(p.percent).toBe(`${want / 100n}.${String(want % 100n).padStart(2, '0')}`);
    expect(sle.trend[0]!.percent).toBeNull();
  });

  it('reads the aggregate, not the loans: a row changed in the aggregate is what the dashboard shows', async () => {
    await t.app.db.execute(
      sql`update report_daily_loan_classes set principal = 0 where business_date = ${day}::date and loan_class <> 'current'`,
    );
    const body = await dashboard(finance);
    expect(body.npl.percent).toBe('0.00');
    const current = Object.entries(principal).find(([id]) => Number(id) !== a)![1];
    expect(body.npl.currencies.find((c) => c.currency === 'SLE')!.gross).toBe(current);
  });

  it('is scoped: a branch with no loans has no ratio', async () => {
    const body = await dashboard(finance, '?branch=202');
    expect(body.npl.percent).toBeNull();
    expect(body.npl.currencies.every((c) => c.gross === '0.00')).toBe(true);
    expect(T.nplTitle).toBe('NPL ratio');
  });
});
