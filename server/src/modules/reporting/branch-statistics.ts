import { sql } from 'drizzle-orm';
import {
  BRANCH_STATISTICS_TEXT as T,
  type BranchStatistics,
  type BranchStatisticsRow,
  type Currency,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/http-error.ts';
import { assertNotFuture } from './snapshot.ts';

const DAY = 86_400_000;

type Raw = Omit<BranchStatisticsRow, 'accountsClosed'> & {
  startAccounts: number | null;
  windowOpened: number;
  endAccounts: number;
};

/**
 * Per branch over [from, to]: customers and accounts opened (counted by `customers_created_idx` and
 * `accounts_opened_idx`, so the cost follows the period's openings), and from the daily aggregates
 * the balances and vault at the last close on or before `to`, and the accounts closed (open at the
 * close before `from` + opened since − open at the end). Branches are a short, fixed list.
 */
export async function branchStatistics(
  db: Database,
  q: { from: string; to: string; currency: Currency },
  branch: string | null,
): Promise<BranchStatistics> {
  if (q.to < q.from) throw badRequest('Invalid request', [{ path: '/to', message: T.dateOrder }]);
  if ((Date.parse(q.to) - Date.parse(q.from)) / DAY > 365)
    throw badRequest('Invalid request', [{ path: '/from', message: T.span }]);
  await assertNotFuture(db, q.to, 'to');
  const [days] = await queryRows<{ s: string | null; e: string | null }>(
    db,
    sql`select (select max(business_date) from report_days where business_date < ${q.from}::date)::text as s,
               (select max(business_date) from report_days where business_date <= ${q.to}::date)::text as e`,
  );
  const { s, e } = days!;
  const inBranch = branch === null ? sql`true` : sql`b.code = ${branch}`;
  const rows = await queryRows<Raw>(
    db,
    sql`select b.code as "branchCode", b.name as "branchName",
               (select count(*)::int from customers c
                 where c.created_at >= ${q.from}::date and c.created_at < ${q.to}::date + 1
                   and c.branch_code = b.code) as "customersOpened",
               (select count(*)::int from accounts a
                 where a.opened_on between ${q.from}::date and ${q.to}::date and a.branch_code = b.code) as "accountsOpened",
               (select count(*)::int from accounts a
                 where a.opened_on > coalesce(${s}::date, '0001-01-01') and a.opened_on <= ${e}::date
                   and a.branch_code = b.code) as "windowOpened",
               (select sum(p.accounts)::int from report_daily_positions p
                 where p.business_date = ${s}::date and p.branch_code = b.code) as "startAccounts",
               coalesce((select sum(p.accounts)::int from report_daily_positions p
                 where p.business_date = ${e}::date and p.branch_code = b.code), 0) as "endAccounts",
               coalesce((select sum(p.balance) filter (where p.account_type <> 'Loan') from report_daily_positions p
                 where p.business_date = ${e}::date and p.branch_code = b.code and p.currency = ${q.currency}), 0)::numeric(18,2)::text as deposits,
               coalesce((select -sum(p.balance) filter (where p.account_type = 'Loan') from report_daily_positions p
                 where p.business_date = ${e}::date and p.branch_code = b.code and p.currency = ${q.currency}), 0)::numeric(18,2)::text as loans,
               coalesce((select sum(c.vault) from report_daily_cash c
                 where c.business_date = ${e}::date and c.branch_code = b.code and c.currency = ${q.currency}), 0)::numeric(18,2)::text as cash
          from branches b where ${inBranch} order by b.code`,
  );
  return {
    from: q.from,
    to: q.to,
    currency: q.currency,
    branch,
    asAt: e,
    startAt: s,
    rows: rows.map(({ startAccounts, windowOpened, endAccounts, ...r }) => ({
      ...r,
      accountsClosed: s === null || e === null ? null : (startAccounts ?? 0) + windowOpened - endAccounts,
    })),
  };
}
