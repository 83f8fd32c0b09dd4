import { eq } from 'drizzle-orm';
import type { Database, DbHandle } from '../client.ts';
import { appMeta } from '../schema/system.ts';
import { demoAccountStep } from '../../modules/auth/demo-account.ts';
import { bankingSeedStep, dashboardContentSeedStep } from './steps.ts';

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

/** Feature modules append their demo-data steps here (demo account, banking data, dashboard content). */
export const seedSteps: SeedStep[] = [demoAccountStep, bankingSeedStep, dashboardContentSeedStep];

const SEEDED_KEY = 'demo_seeded_at';

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  return rows.length > 0;
}

/**
 * Runs every seed step and records that it did, in one transaction: a crash mid-seed leaves no
 * half-seeded database, and the next start simply seeds again.
 */
export async function seedDemo(handle: DbHandle, opts: SeedOptions = DEFAULT_DEMO_SEED): Promise<void> {
  await handle.db.transaction(async (tx) => {
    for (const step of seedSteps) await step.run(tx, opts);
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: new Date().toISOString(), updatedAt: new Date() },
      });
  });
}
