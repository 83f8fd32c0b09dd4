import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { DbHandle } from './client.ts';
import { ADVISORY_LOCKS } from './locks.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';

export { MIGRATIONS_DIR };

/** Applies pending migrations. Several servers starting at once on one PostgreSQL take turns. */
export async function runMigrations(handle: DbHandle): Promise<void> {
  // Both migrators are small and imported up front: a dynamic import here waited ~150 ms behind
  // the start's other file I/O, after the database was already open, which slowed a warm restart (ADR 0028).
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const db = handle.db as unknown as NodePgDatabase;
  await db.transaction(async (tx) => {
    // A transaction-scoped advisory lock is released even if this process dies mid-migration.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.migrations})`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_DIR });
  });
}
