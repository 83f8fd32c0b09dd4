import { sql } from 'drizzle-orm';
import { CURRENCIES } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { loansOutsideTheBookAsOf } from '../../db/loans-outside-book.ts';
import { queryRows } from '../../db/rows.ts';

export interface LoansOutsideBook {
  currency: string;
  accounts: string;
  principal: string;
}

/**
 * The day's Loan accounts outside the loan book per currency, every currency written (zeros too, so
 * that a day taken here is told from a day aggregated before the table existed). Part of
 * `aggregateDay`, so idempotent with it.
 */
export async function aggregateLoansOutsideBook(db: Database, date: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
          insert into report_daily_loans_outside_book (business_date, currency, accounts, principal)
          select ${date}::date, cur.currency, coalesce(o.accounts, 0), coalesce(o.principal, 0)
            from unnest(array[${sql.join(
              CURRENCIES.map((c) => sql`${c}`),
              sql`, `,
            )}]::text[]) as cur(currency)
            left join (${loansOutsideTheBookAsOf(date)}) o on o.currency = cur.currency
          returning 1)
        select count(*)::int as n from ins`,
  );
  return r!.n;
}

/**
 * The Loan accounts outside the loan book at the close of `date` (those with a balance), from the
 * day's aggregate; null when the day has none (not aggregated, or aggregated before it was kept), for
 * the caller to compute it from the accounts instead.
 */
export async function loansOutsideBookOn(db: Database, date: string): Promise<LoansOutsideBook[] | null> {
  const rows = await queryRows<LoansOutsideBook & Record<string, unknown>>(
    db,
    sql`select currency, accounts::text, principal::text from report_daily_loans_outside_book
         where business_date = ${date}::date order by currency`,
  );
  return rows.length === 0 ? null : rows.filter((r) => r.principal !== '0.00');
}
