import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Names the transaction's bulk entry (ADRs 0024 and 0026): its customer lines are then checked and
 * applied per statement by transactions_post_bulk instead of row by row. Transaction-local.
 */
export async function declareBulkEntry(tx: Database, entryId: number): Promise<void> {
  await tx.execute(sql`select set_config('ledger.bulk_entry', ${String(entryId)}, true)`);
}

/** Ends the declaration: lines inserted from here on go through the row trigger again. */
export async function endBulkEntry(tx: Database): Promise<void> {
  await tx.execute(sql`select set_config('ledger.bulk_entry', '', true)`);
}

/**
 * Starts a many-entries posting's entries: those the next statements make skip the deferred balance
 * check an entry and are checked as one range per statement (journal_entry_ranges_balanced).
 * Transaction-local; ended by `declareManyEntries`, once the entries are made.
 */
export async function startManyEntries(tx: Database): Promise<void> {
  await tx.execute(sql`select set_config('ledger.many_entries', 'on', true)`);
}

/**
 * Names the range of entry ids a many-entries posting has just made (ADR 0072), and ends
 * `startManyEntries`: their GL and customer lines are then checked per statement (gl_lines_guard_many,
 * transactions_post_many) and the customer lines applied, each account's running balance continued
 * across the entries that name it. Transaction-local; ended by `endManyEntries`.
 */
export async function declareManyEntries(tx: Database, from: number, to: number): Promise<void> {
  await tx.execute(
    sql`select set_config('ledger.many_entries', 'off', true),
               set_config('ledger.bulk_entries_from', ${String(from)}, true), set_config('ledger.bulk_entries_to', ${String(to)}, true)`,
  );
}

/** Ends the range: lines inserted from here on go through the row triggers again. */
export async function endManyEntries(tx: Database): Promise<void> {
  await tx.execute(
    sql`select set_config('ledger.bulk_entries_from', '', true), set_config('ledger.bulk_entries_to', '', true)`,
  );
}
