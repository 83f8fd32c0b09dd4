import { sql } from 'drizzle-orm';
import {
  CURRENCIES,
  EXECUTIVE_DASHBOARD_TEXT as T,
  NPL_CLASSES,
  fromCents,
  toCents,
  type Currency,
  type ExecutiveDashboard,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { percentOf } from './ratio.ts';

/**
 * The day's principal outstanding per branch, currency and class from that night's loan snapshot
 * (`loan_daily_status`, which the loan-book steps write before this step runs): a few dozen rows that
 * the NPL ratio reads instead of the loans. Part of `aggregateDay`, so idempotent with it.
 */
export async function aggregateLoanClasses(db: Database, date: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
          insert into report_daily_loan_classes (business_date, branch_code, currency, loan_class, principal, loans)
          select ${date}::date, l.branch_code, l.currency, s.loan_class, sum(s.principal_outstanding),
                 count(*) filter (where s.principal_outstanding > 0)
            from loan_daily_status s join loans l on l.id = s.loan_id
           where s.business_date = ${date}::date
           group by l.branch_code, l.currency, s.loan_class
          returning 1)
        select count(*)::int as n from ins`,
  );
  return r!.n;
}

const nonPerforming = sql.join(
  NPL_CLASSES.map((k) => sql`${k}`),
  sql`, `,
);

/**
 * The NPL ratio per currency (Substandard + Doubtful + Loss principal ÷ all principal) at the newest
 * aggregated day, and for each month of `months` the last aggregated day of that month. A month with no
 * aggregate, or no loans in the scope, has no ratio (null), never 0.
 */
export async function nplRatio(
  db: Database,
  branch: string | null,
  months: string[],
): Promise<ExecutiveDashboard['npl']> {
  const rows = await queryRows<{ month: string; d: string; currency: Currency; np: string; gross: string }>(
    db,
    sql`with ends as (
          select max(business_date) as d from report_days
           where business_date >= ${`${months[0]}-01`}::date
           group by date_trunc('month', business_date))
        select to_char(ends.d, 'YYYY-MM') as month, ends.d::text as d, c.currency,
               coalesce(sum(c.principal) filter (where c.loan_class in (${nonPerforming})), 0)::text as np,
               sum(c.principal)::text as gross
          from ends join report_daily_loan_classes c on c.business_date = ends.d
         where ${branch === null ? sql`true` : sql`c.branch_code = ${branch}`}
         group by ends.d, c.currency`,
  );
  const newest = rows.reduce<string | null>((m, r) => (m === null || r.d > m ? r.d : m), null);
  const currencies = CURRENCIES.map((currency) => {
    const at = (month: string) => rows.find((r) => r.month === month && r.currency === currency);
    const now = rows.find((r) => r.d === newest && r.currency === currency);
    const np = toCents(now?.np ?? '0');
    const gross = toCents(now?.gross ?? '0');
    return {
      currency,
      nonPerforming: fromCents(np),
      gross: fromCents(gross),
      percent: percentOf(np, gross),
      trend: months.map((month) => {
        const r = at(month);
        return { month, percent: r ? percentOf(toCents(r.np), toCents(r.gross)) : null };
      }),
    };
  });
  const home = currencies.find((c) => c.currency === 'SLE')!;
  return {
    percent: home.percent,
    asAt: newest,
    note: newest === null ? T.nplNoHistory : null,
    currencies,
  };
}
