import { sql } from 'drizzle-orm';
import {
  ENQUIRY_ANALYSIS_TEXT as T,
  fromCents,
  toCents,
  type Currency,
  type DepositBorrowing,
  type MonthEnd,
  type ProductMix,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/http-error.ts';
import { assertNotFuture, scopeOf, type AnalysisScope } from './snapshot.ts';

const MAX_MONTHS = 36;

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/** The period's months, checked: from ≤ to, at most 36, none after the business month (400 naming the field). */
async function monthsOf(db: Database, from: string, to: string): Promise<string[]> {
  if (monthIndex(to) < monthIndex(from))
    throw badRequest('Invalid request', [{ path: '/to', message: T.monthOrder }]);
  if (monthIndex(to) - monthIndex(from) + 1 > MAX_MONTHS)
    throw badRequest('Invalid request', [{ path: '/from', message: T.monthSpan }]);
  await assertNotFuture(db, `${to}-01`, 'to');
  const out: string[] = [];
  for (let i = monthIndex(from); i <= monthIndex(to); i++)
    out.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  return out;
}

type Figure = {
  month: string;
  asAt: string;
  currency: Currency;
  loan: boolean;
  amount: string;
  accounts: number;
};

/**
 * Deposits and loans at each month end of the period (a month's last aggregated day; the current
 * month's newest), the change against the month before, and the mix by product at the last month
 * end with figures. Reads one aggregated day per month, found by the report_days primary key.
 */
export async function depositBorrowing(
  db: Database,
  from: string,
  to: string,
  scope: AnalysisScope,
): Promise<DepositBorrowing> {
  const months = await monthsOf(db, from, to);
  const figures = await queryRows<Figure>(
    db,
    sql`with m as (
          select to_char(g, 'YYYY-MM') as month,
                 (select max(business_date) from report_days
                   where business_date >= g::date and business_date < (g + interval '1 month')::date) as d
            from generate_series(${`${from}-01`}::date, ${`${to}-01`}::date, interval '1 month') g)
        select m.month, m.d::text as "asAt", p.currency, p.account_type = 'Loan' as loan,
               sum(p.balance)::text as amount, sum(p.accounts)::int as accounts
          from m join report_daily_positions p on p.business_date = m.d
         where ${scopeOf(scope)}
         group by m.month, m.d, p.currency, p.account_type = 'Loan'`,
  );
  const currencies = [...new Set(figures.map((f) => f.currency))].sort();
  const rows: MonthEnd[] = [];
  for (const currency of currencies) {
    let prev: { deposits: bigint; loans: bigint } | null = null;
    for (const month of months) {
      const here = figures.filter((f) => f.month === month && f.currency === currency);
      if (here.length === 0) {
        rows.push({
          month,
          currency,
          asAt: null,
          deposits: null,
          loans: null,
          depositAccounts: null,
          loanAccounts: null,
          depositsChange: null,
          loansChange: null,
        });
        prev = null;
        continue;
      }
      const dep = here.find((f) => !f.loan);
      const ln = here.find((f) => f.loan);
      const deposits = toCents(dep?.amount ?? '0');
      // A loan account's balance is zero or below: the outstanding is its negation.
      const loans = -toCents(ln?.amount ?? '0');
      rows.push({
        month,
        currency,
        asAt: here[0]!.asAt,
        deposits: fromCents(deposits),
        loans: fromCents(loans),
        depositAccounts: dep?.accounts ?? 0,
        loanAccounts: ln?.accounts ?? 0,
        depositsChange: prev ? fromCents(deposits - prev.deposits) : null,
        loansChange: prev ? fromCents(loans - prev.loans) : null,
      });
      prev = { deposits, loans };
    }
  }
  const mixAsAt = figures.reduce<string | null>((a, f) => (a === null || f.asAt > a ? f.asAt : a), null);
  const mix =
    mixAsAt === null
      ? []
      : (
          await queryRows<Omit<ProductMix, 'kind' | 'amount'> & { accountType: string; balance: string }>(
            db,
            sql`select p.product_code as "productCode", coalesce(pr.name, p.product_code) as "productName",
                       p.account_type as "accountType", p.currency, sum(p.balance)::text as balance,
                       sum(p.accounts)::int as accounts
                  from report_daily_positions p left join products pr on pr.code = p.product_code
                 where p.business_date = ${mixAsAt}::date and ${scopeOf(scope)}
                 group by p.product_code, pr.name, p.account_type, p.currency
                 order by p.account_type = 'Loan', p.currency, p.product_code`,
          )
        ).map(({ accountType, balance, ...r }) => {
          const loan = accountType === 'Loan';
          return {
            ...r,
            kind: loan ? ('loan' as const) : ('deposit' as const),
            amount: loan ? fromCents(-toCents(balance)) : balance,
          };
        });
  return { from, to, branch: scope.branch, product: scope.product, months: rows, mixAsAt, mix };
}
