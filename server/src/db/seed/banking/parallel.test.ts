import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../../test/support/harness.ts';
import type { DbHandle } from '../../client.ts';
import { queryRows } from '../../rows.ts';
import { interruptedBulkLoad } from './bulk-load.ts';
import { prepareSeed, seedBanking } from './index.ts';
import { seedBankingInParallel } from './parallel.ts';
import { SEED_STAGES, type SeedStage } from './plan.ts';
import { catalog, dump } from '../../../../test/support/seed-dump.ts';

const OPTS = { customers: 300, transactionsPerAccount: 6, seed: 42 };
// Small enough for a test, cut into 8 slices on 2 connections like a million customers.
const PARALLEL = { workers: 2, fromCustomers: 1 };

const count = async (handle: DbHandle, table: string) =>
  Number(
    (await queryRows<{ n: string }>(handle.db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!
      .n,
  );

// Connections side by side need PostgreSQL: vitest.config.ts runs this file in the PostgreSQL tier only.
describe('banking seed across connections', () => {
  let single: DbHandle;
  let parallel: DbHandle;
  let before: string[];
  beforeAll(async () => {
    [single, parallel] = await Promise.all([createTestDb(), createTestDb()]);
    before = await catalog(parallel.db);
  });
  afterAll(async () => {
    await Promise.all([single.close(), parallel.close()]);
  });

  it('loads byte for byte what one transaction loads, and puts the catalog back', async () => {
    await single.db.transaction((tx) => seedBanking(tx, OPTS));
    const result = await seedBankingInParallel(parallel, OPTS, PARALLEL);
    expect(result.skipped).toBe(false);
    expect(result.timings).toHaveProperty('customers');
    expect(await dump(parallel.db)).toEqual(await dump(single.db));
    expect(await catalog(parallel.db)).toEqual(before);
    expect(await interruptedBulkLoad(parallel.db)).toBeUndefined();
    expect(await queryRows(parallel.db, sql`select * from ledger_violations()`)).toEqual([]);
    expect(await queryRows(parallel.db, sql`select * from registered_user_term_count_violations()`)).toEqual(
      [],
    );
    // The GL lines' ids, drawn by several connections, never meet a posting's.
    const [clash] = await queryRows<{ n: string }>(
      parallel.db,
      sql`select count(*) as n from gl_lines g join transactions t on t.id = g.id`,
    );
    expect(Number(clash!.n)).toBe(0);
  });

  it('a failure part-way empties the seeded tables and restores every index, key and trigger', async () => {
    const failing: SeedStage = {
      name: 'broken',
      tasks: () => [
        { label: 'broken step', run: (tx) => tx.execute(sql`select 1 / 0`).then(() => undefined) },
      ],
    };
    const stages = [...SEED_STAGES.slice(0, 4), failing];
    await expect(
      seedBankingInParallel(parallel, { ...OPTS, reset: true }, { ...PARALLEL, stages }),
    ).rejects.toThrow(/seed step "broken step" failed/);
    expect(await count(parallel, 'customers')).toBe(0);
    expect(await count(parallel, 'transactions')).toBe(0);
    expect(await catalog(parallel.db)).toEqual(before);
    expect(await interruptedBulkLoad(parallel.db)).toBeUndefined();
  });

  it('repairs a load that a killed process left half done, then seeds', async () => {
    // What a crash after the first stage leaves: the switches committed, some customers loaded.
    await parallel.db.transaction(async (tx) => {
      const prepared = await prepareSeed(tx, OPTS, {});
      await SEED_STAGES[0]!
        .tasks({ ...prepared!, ranges: [{ from: 1, to: 50 }], connections: 1 })[0]!
        .run(tx);
    });
    expect(await interruptedBulkLoad(parallel.db)).toBeDefined();
    expect(await catalog(parallel.db)).not.toEqual(before);
    const result = await seedBankingInParallel(parallel, OPTS, PARALLEL);
    expect(result.timings).toHaveProperty('repair interrupted load');
    expect(await dump(parallel.db)).toEqual(await dump(single.db));
    expect(await catalog(parallel.db)).toEqual(before);
  });
});
