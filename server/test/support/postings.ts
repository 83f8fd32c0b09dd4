import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { RAW_ENTRY_ID, RAW_LINE_COLUMNS, withRawEntry } from './banking-fixtures.ts';

/**
 * Posts at an explicit time (tests need history spread over days). Goes through the same ledger
 * triggers as every posting: balance_after must continue the running balance, or the insert fails;
 * the line is one side of a journal entry balanced on suspense (withRawEntry).
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
  await withRawEntry(db, (tx) =>
    tx.execute(sql`
    insert into transactions ${RAW_LINE_COLUMNS}
    select ${accountId}, ${postedAt}::timestamptz, (${postedAt}::timestamptz at time zone 'UTC')::date, ${description},
           ${amount}::numeric, ${direction}, a.balance + ${delta}, ${`REF-${accountId}-${postedAt}-${amount}`}, ${RAW_ENTRY_ID}
    from accounts a where a.id = ${accountId}`),
  );
}
