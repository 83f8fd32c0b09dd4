import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { autoDebitChunk } from '../../src/modules/loans/auto-debit.ts';
import { setBusinessDate } from './loans.ts';
import { postTestEntry } from './journal-entries.ts';

const ACTOR = { id: null, email: 'eod@test' };

/**
 * The auto-debit step for one business date, chunk by chunk in id order, each chunk in its own
 * transaction as end of day runs it (small chunks, so the keyset walk is exercised). In `db` when
 * given (a property test's transaction), else in a transaction each.
 */
export async function autoDebitDay(app: App, date: string, limit = 2, db?: Database) {
  if (!db) await setBusinessDate(app, date);
  let cursor = 0;
  const failures: { accountId: number; error: string }[] = [];
  for (;;) {
    const args = { businessDate: date, through: date, cursor, limit, runId: 0, actor: ACTOR };
    const r = db
      ? await autoDebitChunk(db, args)
      : await app.db.transaction((tx) => autoDebitChunk(tx, args));
    failures.push(...r.failures);
    if (r.lastId === null) return failures;
    cursor = r.lastId;
  }
}

/**
 * Puts an account where a test wants it: the overdraft limit (0 unless given), its balance by a
 * journal entry against suspense 1900, and one hold (none unless given; earlier ones released).
 */
export async function setAvailable(
  app: App,
  accountId: number,
  want: { balance: string; hold?: string; overdraft?: string },
  db: Database = app.db,
): Promise<void> {
  await db.execute(sql`update account_holds set released_at = now(), released_by = 'test', release_reason = 'test'
                        where account_id = ${accountId} and released_at is null`);
  await db.execute(
    sql`update accounts set overdraft_limit = ${want.overdraft ?? '0'}::numeric where id = ${accountId}`,
  );
  const [a] = await queryRows<{ b: string }>(
    db,
    sql`select balance::text as b from accounts where id = ${accountId}`,
  );
  const diff = toCents(want.balance) - toCents(a!.b);
  if (diff !== 0n) {
    const amount = fromCents(diff < 0n ? -diff : diff);
    const side = diff > 0n ? 'credit' : 'debit';
    // A seed entry: the test's own setting of the scene, outside the audit trail's rule.
    await postTestEntry(
      db,
      [
        { accountId, side, amount },
        { gl: '1900', side: side === 'credit' ? 'debit' : 'credit', amount, currency: 'SLE' },
      ],
      { source: 'seed' },
    );
  }
  if (want.hold)
    await db.execute(sql`insert into account_holds (account_id, amount, reason, placed_by)
                         values (${accountId}, ${want.hold}::numeric, 'test', 'test')`);
}
