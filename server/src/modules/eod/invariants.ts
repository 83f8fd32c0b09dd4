import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * End of day's invariants (the database function eod_violations(), migration eod_functions): interest
 * payable = accrued unposted, overdraft receivable likewise, WHT payable = the WHT posted (each 15% of
 * its gross to the cent), the latest snapshot nets to zero and follows from the one before. Empty when
 * all hold; the tests run it with ledger_violations() after every run.
 */
export async function eodViolations(db: Database): Promise<string[]> {
  const rows = await queryRows<{ problem: string }>(db, sql`select problem from eod_violations()`);
  return rows.map((r) => r.problem);
}
