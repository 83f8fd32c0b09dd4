import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** What closing `businessDate` means: the next working day and whether a month or quarter ends. */
export interface DayFacts {
  businessDate: string;
  nextBusinessDate: string;
  /** The last business day of its month: interest posts and monthly fees are charged. */
  monthEnd: boolean;
  quarterEnd: boolean;
  /** The last day the month's accrual covers: the month's last calendar day, or the day before next. */
  periodEndThrough: string;
}

/** The business date and what follows it (the database's calendar functions, one source of truth). */
export async function dayFacts(db: Database, businessDate?: string): Promise<DayFacts> {
  const [r] = await queryRows<{
    d: string;
    n: string;
    month_end: boolean;
    quarter_end: boolean;
    through: string;
  }>(
    db,
    sql`with x as (select coalesce(${businessDate ?? null}::date, current_business_date()) as d)
        select d::text as d, next_working_day(d)::text as n,
               date_trunc('month', next_working_day(d)) > date_trunc('month', d) as month_end,
               date_trunc('month', next_working_day(d)) > date_trunc('month', d) and extract(month from d)::int % 3 = 0 as quarter_end,
               least(next_working_day(d) - 1, (date_trunc('month', d) + interval '1 month - 1 day')::date)::text as through
        from x`,
  );
  return {
    businessDate: r!.d,
    nextBusinessDate: r!.n,
    monthEnd: r!.month_end,
    quarterEnd: r!.quarter_end,
    periodEndThrough: r!.through,
  };
}
