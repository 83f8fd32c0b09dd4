import { availableParallelism } from 'node:os';
import type { Database, DbHandle } from '../../client.ts';
import { abandonBulkLoad } from './bulk-load.ts';
import {
  bulkSettings,
  finishSeed,
  prepareSeed,
  seedBanking,
  skippedSeed,
  timed,
  type BankingSeedOptions,
  type BankingSeedResult,
} from './index.ts';
import { SEED_STAGES, type PlanContext, type SeedStage, type SeedTask } from './plan.ts';
import { slices } from './range.ts';

/** Below this many customers one transaction is quick enough, and keeps its all-or-nothing for free. */
export const PARALLEL_FROM_CUSTOMERS = 50_000;

export interface ParallelOptions {
  /** Connections side by side; the pool should hold at least as many. */
  workers?: number;
  /** Smaller seeds run in one transaction. */
  fromCustomers?: number;
  /** The plan; tests pass one that fails part-way. */
  stages?: readonly SeedStage[];
}

/**
 * The seed on several connections at once (ADR 0031). PostgreSQL runs one statement on one core and
 * cannot share a transaction between connections, so at 1,000,000 customers one transaction keeps
 * one of the machine's cores idle for most of the load. Here each stage's tasks (slices of the
 * customers, one index each, ...) run side by side, each in its own transaction.
 *
 * All or nothing is kept by repair rather than by rollback: the bulk-load marker (bulk-load.ts) is
 * committed with the switched-off triggers and dropped indexes, and cleared only once they are back.
 * A failure here empties the seeded tables and restores them; a killed process leaves the marker,
 * which the next seed repairs first and which stops the server from starting meanwhile. Run it on a
 * database no server is using, as the CLI's usage says.
 */
export async function seedBankingInParallel(
  handle: DbHandle,
  opts: BankingSeedOptions,
  {
    workers = Math.min(4, availableParallelism()),
    fromCustomers = PARALLEL_FROM_CUSTOMERS,
    stages = SEED_STAGES,
  }: ParallelOptions = {},
): Promise<BankingSeedResult> {
  const { db } = handle;
  if (handle.driver === 'pglite' || workers < 2 || opts.customers < fromCustomers) {
    return db.transaction((tx) => seedBanking(tx, opts));
  }
  const timings: Record<string, number> = {};
  const prepared = await db.transaction((tx) => prepareSeed(tx, opts, timings));
  if (!prepared) return skippedSeed(timings);
  // Four slices per connection: slices differ in cost, and a connection that finishes early takes another.
  const ctx: PlanContext = { ...prepared, ranges: slices(opts.customers, workers * 4), connections: workers };
  try {
    for (const stage of stages) {
      await timed(timings, stage.name, () => runSideBySide(db, stage.tasks(ctx), workers));
    }
    return await db.transaction(async (tx) => {
      await bulkSettings(tx);
      return finishSeed(tx, opts, prepared.asOf, timings);
    });
  } catch (err) {
    await db.transaction((tx) => abandonBulkLoad(tx, prepared.saved));
    throw err;
  }
}

/**
 * Runs the tasks on up to `workers` connections, each task in its own transaction. After the first
 * failure no new task starts; the ones under way finish before the error is thrown, so the repair
 * that follows finds no one still writing.
 */
async function runSideBySide(db: Database, tasks: SeedTask[], workers: number): Promise<void> {
  let next = 0;
  let failure: { err: unknown; label: string } | undefined;
  const worker = async () => {
    while (!failure && next < tasks.length) {
      const task = tasks[next++]!;
      const t0 = performance.now();
      try {
        await db.transaction(async (tx) => {
          await bulkSettings(tx, true);
          await task.run(tx);
        });
      } catch (err) {
        failure ??= { err, label: task.label };
      }
      // SEED_TRACE=1: each task's milliseconds on stderr, to see where the core-seconds go (README).
      if (process.env.SEED_TRACE)
        console.error(`seed task ${task.label}: ${Math.round(performance.now() - t0)} ms`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, tasks.length) }, worker));
  if (failure) {
    const { err, label } = failure;
    throw new Error(`seed step "${label}" failed: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
}
