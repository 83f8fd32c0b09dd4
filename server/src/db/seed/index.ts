import { eq } from 'drizzle-orm';
import type { Database, DbHandle } from '../client.ts';
import { appMeta } from '../schema/system.ts';

export interface SeedOptions {
  /** Number of banking customers to generate. */
  customers: number;
  transactionsPerAccount: number;
  /** PRNG seed: the same seed gives the same data. */
  seed: number;
}

export const DEFAULT_DEMO_SEED: SeedOptions = { customers: 2000, transactionsPerAccount: 15, seed: 232 };

export interface SeedStep {
  name: string;
  run(tx: Database, opts: SeedOptions): Promise<void>;
}

/** The `app_meta` key whose row says the demo data is in: a start with DEMO_DATA seeds only without it. */
export const SEEDED_KEY = 'demo_seeded_at';

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  return rows.length > 0;
}

/**
 * Runs the given seed steps and records that it did, in one transaction: a crash mid-seed leaves no
 * half-seeded database, and the next start simply seeds again. The caller composes the steps
 * (src/demo-seed.ts): some belong to modules (the demo account), and db/ imports no module.
 */
export async function runSeedSteps(
  handle: DbHandle,
  steps: readonly SeedStep[],
  opts: SeedOptions = DEFAULT_DEMO_SEED,
): Promise<void> {
  await handle.db.transaction(async (tx) => {
    for (const step of steps) await step.run(tx, opts);
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: new Date().toISOString(), updatedAt: new Date() },
      });
  });
}
