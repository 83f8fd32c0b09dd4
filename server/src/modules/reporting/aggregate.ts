import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { aggregateLoanClasses } from './loan-classes.ts';
import { aggregateLoansOutsideBook } from './loans-outside-book.ts';

export interface AggregateOutcome {
  /** Rows written (positions and cash); 0 when the day was already aggregated. */
  rows: number;
  alreadyTaken: boolean;
}

/**
 * The day's figures per branch, product and currency, set-based, as at the close of `date`: each
 * account's balance less what entries of later business dates moved on it (none when end of day runs
 * it for the day it closes), the vault GL 1010-<branch> from gl_balances(date). Idempotent per date:
 * the report_days row is written in the same transaction, and a second call finds it and writes
 * nothing, so a retried or resumed end of day does no harm. The caller's transaction holds it all.
 */
export async function aggregateDay(
  db: Database,
  date: string,
  source: 'eod' | 'backfill',
): Promise<AggregateOutcome> {
  const [day] = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
          insert into report_days (business_date, through_entry_id, source)
          select ${date}::date,
                 case when ${source} = 'eod' then (select max(id) from journal_entries) end,
                 ${source}
          on conflict do nothing returning 1)
        select count(*)::int as n from ins`,
  );
  if (day!.n === 0) return { rows: 0, alreadyTaken: true };
  await db.execute(sql`set local jit = off`);
  const [positions] = await queryRows<{ n: number }>(
    db,
    sql`with later as (
          select t.account_id, sum(case t.direction when 'credit' then t.amount else -t.amount end) as moved
            from journal_entries e join transactions t on t.entry_id = e.id
           where e.business_date > ${date}::date
           group by t.account_id),
        ins as (
          insert into report_daily_positions
                 (business_date, branch_code, product_code, account_type, currency, balance, accounts, opened)
          select ${date}::date, a.branch_code, a.product_code, a.account_type, a.currency,
                 sum(a.balance - coalesce(l.moved, 0)),
                 count(*) filter (where a.closed_on is null or a.closed_on > ${date}::date),
                 count(*) filter (where a.opened_on = ${date}::date)
            from accounts a left join later l on l.account_id = a.id
           where a.opened_on <= ${date}::date
           group by a.branch_code, a.product_code, a.account_type, a.currency
          returning 1)
        select count(*)::int as n from ins`,
  );
  const [cash] = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
          insert into report_daily_cash (business_date, branch_code, currency, vault)
          select ${date}::date, g.branch_code, b.currency, sum(b.balance)
            from gl_balances(${date}::date) b join gl_accounts g on g.code = b.gl_code
           where g.code like '1010-%' and g.branch_code is not null
           group by g.branch_code, b.currency
          returning 1)
        select count(*)::int as n from ins`,
  );
  const loanClasses = await aggregateLoanClasses(db, date);
  const outsideBook = await aggregateLoansOutsideBook(db, date);
  return { rows: positions!.n + cash!.n + loanClasses + outsideBook, alreadyTaken: false };
}

/** End of day's `aggregateReports` hook: the rows written, or null when the day was already taken. */
export async function aggregateReportsEodHook(db: Database, businessDate: string): Promise<number | null> {
  const r = await aggregateDay(db, businessDate, 'eod');
  return r.alreadyTaken ? null : r.rows;
}
