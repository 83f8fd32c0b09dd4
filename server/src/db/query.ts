import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Runs a `sql` tagged query and returns its rows. `Database` is typed over both drivers (PGlite and
 * node-postgres), so `execute()` returns `unknown`; both drivers answer `{ rows }`.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
