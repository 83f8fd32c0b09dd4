import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/**
 * Posts at an explicit time (tests need history spread over days). Goes through the same ledger
 * triggers as every posting: balance_after must continue the running balance, or the insert fails.
 */
export async function postAt(
  db: Database,
  accountId: number,
  postedAt: string,
  direction: 'credit' | 'debit',
  amount: string,
  description = direction === 'credit' ? 'Cash deposit' : 'Cash withdrawal',
): Promise<void> {
  const delta = direction === 'credit' ? sql`${amount}::numeric` : sql`-${amount}::numeric`;
  await db.execute(sql`
    insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference)
    select ${accountId}, ${postedAt}::timestamptz, (${postedAt}::timestamptz at time zone 'UTC')::date, ${description},
           ${amount}::numeric, ${direction}, a.balance + ${delta}, ${`REF-${accountId}-${postedAt}-${amount}`}
    from accounts a where a.id = ${accountId}`);
}
