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
