import { sql, type SQL } from 'drizzle-orm';
import {
  CURRENCIES,
  EXECUTIVE_DASHBOARD_TEXT as T,
  fromCents,
  toCents,
  type Currency,
  type ExecutiveDashboard,
  type TrendPoint,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { percentOf } from './ratio.ts';
import { nplRatio } from './loan-classes.ts';

/**
 * The BSL liquidity return's lines (ADR 0042): liquid assets are cash, the BSL balance and nostro
 * (GL 10xx); short-term liabilities are demand, savings and term deposits and short borrowings.
 */
const LIQUID_ASSETS = ['10%'];
const SHORT_TERM_LIABILITIES = ['201%', '202%', '204%', '25%'];

interface Base {
  date: string | null;
  through: number;
}

const likeAny = (col: SQL, patterns: string[]) =>
  sql.join(
    patterns.map((p) => sql`${col} like ${p}`),
    sql` or `,
  );

/**
 * The executive dashboard for one branch or the whole bank (`branch` null): the newest end-of-day
 * aggregate plus the entries posted since it (entry id above its watermark, by index), so the cost
 * follows the day's activity, not the number of accounts or the years of history.
 */
export async function executiveDashboard(db: Database, branch: string | null): Promise<ExecutiveDashboard> {
  const [head] = await queryRows<{ bd: string; d: string | null; w: string | null }>(
    db,
    sql`select current_business_date()::text as bd, r.business_date::text as d, r.through_entry_id::text as w
          from (select 1) x left join lateral (
            select business_date, through_entry_id from report_days
             where through_entry_id is not null order by business_date desc limit 1) r on true`,
  );
  const bd = head!.bd;
  const base: Base = { date: head!.d, through: Number(head!.w ?? 0) };
  const inBranch = (col: SQL) => (branch === null ? sql`true` : sql`${col} = ${branch}`);
  const monthStart = `${bd.slice(0, 7)}-01`;

  const positionsQ = queryRows<{ branch: string; currency: Currency; loan: boolean; amount: string }>(
    db,
    sql`select branch, currency, loan, sum(amount)::text as amount from (
          select p.branch_code as branch, p.currency, p.account_type = 'Loan' as loan, p.balance as amount
            from report_daily_positions p
           where p.business_date = ${base.date}::date and ${inBranch(sql`p.branch_code`)}
          union all
          select a.branch_code, a.currency, a.account_type = 'Loan', d.moved
            from (select t.account_id, sum(case t.direction when 'credit' then t.amount else -t.amount end) as moved
                    from transactions t where t.entry_id > ${base.through} group by t.account_id) d
           -- One primary-key lookup per account moved today, never a scan of every account (the limit
           -- keeps the planner from flattening the lookup into a hash join over all of them).
           cross join lateral (select branch_code, currency, account_type from accounts
                                where id = d.account_id limit 1) a
           where ${inBranch(sql`a.branch_code`)}
        ) x group by branch, currency, loan`,
  );
  const cashQ = queryRows<{ currency: Currency; till: string; vault: string }>(
    db,
    sql`select currency, sum(till)::text as till, sum(vault)::text as vault from (
          select s.currency, s.balance as till, 0 as vault from till_sessions s
           where s.status <> 'closed' and ${inBranch(sql`s.branch_code`)}
          union all
          select c.currency, 0, c.vault from report_daily_cash c
           where c.business_date = ${base.date}::date and ${inBranch(sql`c.branch_code`)}
          union all
          select l.currency, 0, case l.side when 'debit' then l.amount else -l.amount end
            from gl_lines l join gl_accounts g on g.code = l.gl_code
           where g.code like '1010-%' and l.entry_id > ${base.through} and ${inBranch(sql`g.branch_code`)}
        ) x group by currency`,
  );
  const branchesQ = queryRows<{ code: string; name: string }>(
    db,
    sql`select code, name from branches where ${inBranch(sql`code`)} order by code`,
  );
  const openedQ = queryRows<{ customers: number; accounts: number }>(
    db,
    sql`select
          (select count(*)::int from customers c
            where c.created_at >= ${monthStart}::date and ${inBranch(sql`c.branch_code`)}) as customers,
          (select count(*)::int from accounts a
            where a.opened_on >= ${monthStart}::date and ${inBranch(sql`a.branch_code`)}) as accounts`,
  );
  // Independent reads, side by side on the pool (PGlite runs them one after another).
  const [positions, cash, branches, [opened], trend, liq, npl] = await Promise.all([
    positionsQ,
    cashQ,
    branchesQ,
    openedQ,
    monthEnds(db, bd, branch),
    branch === null ? liquidity(db) : Promise.resolve(null),
    nplRatio(db, branch, trendMonths(bd)),
  ]);

  const sum = (cur: Currency, loan: boolean) =>
    cents(positions.filter((p) => p.currency === cur && p.loan === loan).map((p) => p.amount));
  const currencies = CURRENCIES.map((currency) => {
    const c = cash.find((r) => r.currency === currency);
    const deposits = sum(currency, false);
    const loans = -sum(currency, true);
    const now = bd.slice(0, 7);
    const series = (loan: boolean, current: bigint): TrendPoint[] =>
      trend.months.map((month) => {
        if (month === now) return { month, amount: money(current) };
        const rows = trend.rows.filter(
          (r) => r.month === month && r.currency === currency && r.loan === loan,
        );
        const taken = trend.rows.some((r) => r.month === month);
        if (!taken) return { month, amount: null };
        const v = cents(rows.map((r) => r.amount));
        return { month, amount: money(loan ? -v : v) };
      });
    return {
      currency,
      deposits: money(deposits),
      loans: money(loans),
      tillCash: money(cents([c?.till ?? '0'])),
      vaultCash: money(cents([c?.vault ?? '0'])),
      depositsTrend: series(false, deposits),
      loansTrend: series(true, loans),
    };
  });
  const depositsByBranch = branches.flatMap((b) =>
    CURRENCIES.map((currency) => ({
      branchCode: b.code,
      branchName: b.name,
      currency,
      amount: money(
        cents(
          positions
            .filter((p) => p.branch === b.code && p.currency === currency && !p.loan)
            .map((p) => p.amount),
        ),
      ),
    })),
  );
  return {
    businessDate: bd,
    aggregatedThrough: base.date,
    branch,
    currencies,
    depositsByBranch,
    customersOpenedThisMonth: opened!.customers,
    accountsOpenedThisMonth: opened!.accounts,
    // Read once, beside the other reads above; a branch view has no liquidity ratio of its own.
    liquidity: liq ?? { percent: null, asAt: null, note: T.liquidityBankWide },
    npl,
  };
}

/** The business month and the 11 before it, oldest first, as YYYY-MM. */
function trendMonths(bd: string): string[] {
  const months: string[] = [];
  const [y, m] = [Number(bd.slice(0, 4)), Number(bd.slice(5, 7))];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/** The last aggregated day of each of the 11 months before the business month, summed as there. */
async function monthEnds(db: Database, bd: string, branch: string | null) {
  const months = trendMonths(bd);
  const rows = await queryRows<{ month: string; currency: Currency; loan: boolean; amount: string }>(
    db,
    sql`with ends as (
          select max(business_date) as d from report_days
           where business_date >= ${`${months[0]}-01`}::date and business_date < ${`${months[11]}-01`}::date
           group by date_trunc('month', business_date))
        select to_char(p.business_date, 'YYYY-MM') as month, p.currency, p.account_type = 'Loan' as loan,
               sum(p.balance)::text as amount
          from ends join report_daily_positions p on p.business_date = ends.d
         where ${branch === null ? sql`true` : sql`p.branch_code = ${branch}`}
         group by 1, 2, 3`,
  );
  // A month whose aggregate had no accounts in the scope still counts as taken (zero, not unknown).
  const taken = await queryRows<{ month: string }>(
    db,
    sql`select distinct to_char(business_date, 'YYYY-MM') as month from report_days
         where business_date >= ${`${months[0]}-01`}::date and business_date < ${`${months[11]}-01`}::date`,
  );
  for (const t of taken)
    if (!rows.some((r) => r.month === t.month))
      rows.push({ month: t.month, currency: 'SLE', loan: false, amount: '0.00' });
  return { months, rows };
}

/** SLE liquidity from the latest GL snapshot (the BSL return's month-end figure, taken daily). */
async function liquidity(db: Database): Promise<ExecutiveDashboard['liquidity']> {
  const [r] = await queryRows<{ d: string | null; liquid: string | null; stl: string | null }>(
    db,
    sql`with s as (select max(business_date) as d from gl_daily_balances)
        select s.d::text as d,
               sum(b.balance) filter (where ${likeAny(sql`b.gl_code`, LIQUID_ASSETS)})::text as liquid,
               (-sum(b.balance) filter (where ${likeAny(sql`b.gl_code`, SHORT_TERM_LIABILITIES)}))::text as stl
          from s left join gl_daily_balances b on b.business_date = s.d and b.currency = 'SLE'
         group by s.d`,
  );
  if (!r?.d) return { percent: null, asAt: null, note: T.liquidityNoSnapshot };
  return { percent: percentOf(cents([r.liquid ?? '0']), cents([r.stl ?? '0'])), asAt: r.d, note: null };
}

/** Decimal strings summed exactly in cents (the contracts' helper; never a JS number). */
const cents = (values: string[]): bigint => values.reduce((t, v) => t + toCents(v), 0n);
const money = fromCents;
