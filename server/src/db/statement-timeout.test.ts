import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../test/support/harness.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { openDatabase, type DbHandle } from './client.ts';
import { queryRows } from './rows.ts';

// PGlite runs in the process and has no statement timeout to speak of: PostgreSQL's pool only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a statement past the pool’s timeout (PostgreSQL)', () => {
  let base: DbHandle & { url?: string };
  let short: DbHandle;
  beforeAll(async () => {
    base = await createTestDb();
    short = await openDatabase({ databaseUrl: base.url!, dataDir: 'memory://', queryTimeoutMs: 300 });
  });
  afterAll(async () => {
    await short?.close();
    await base?.close();
  });

  it('is cancelled on the server, answered as unavailable, and leaves no lock behind', async () => {
    const err = await short.db
      .transaction(async (tx) => {
        // A lock, then a statement that outlives the timeout.
        await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
        await tx.execute(sql`select pg_sleep(5)`);
      })
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
    // Nothing of it still runs on the server, and its transaction's lock is free for another
    // connection at once (the client's timer alone left both for the sleep's full 5 s).
    const running = await queryRows<{ n: string }>(
      base.db,
      sql`select count(*) as n from pg_stat_activity where query like '%pg_sleep(5)%' and state = 'active'
          and pid <> pg_backend_pid()`,
    );
    expect(running[0]!.n).toBe('0');
    const [free] = await queryRows<{ ok: boolean }>(base.db, sql`select pg_try_advisory_lock(4242) as ok`);
    expect(free!.ok).toBe(true);
    await base.db.execute(sql`select pg_advisory_unlock(4242)`);
    // The pool's connection is usable again.
    expect(await queryRows(short.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
