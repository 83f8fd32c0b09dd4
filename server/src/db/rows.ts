import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Runs raw SQL (built with the `sql` tag, so parameters stay parameters) and returns its rows.
 * PGlite and node-postgres both answer `{ rows }`; the shared Database type only knows `unknown`.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
