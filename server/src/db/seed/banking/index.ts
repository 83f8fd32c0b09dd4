import { sql } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { queryRows } from '../../rows.ts';
import type { SeedOptions } from '../index.ts';
import { makeRng } from './prng.ts';
import {
  abandonBulkLoad,
  clearBulkLoadMarker,
  interruptedBulkLoad,
  SEEDED_TABLES,
  startBulkLoad,
} from './bulk-load.ts';
import { insertReferenceData } from './reference-data.ts';
import { reserveGlLineIds } from './postings.ts';
import { appendAudit } from '../../audit-log.ts';
import { SEED_STAGES, type PlanContext } from './plan.ts';
import { allCustomers } from './range.ts';

/** Every date in the seed counts back from here, never from now(): same options, same bytes. */
export const DEFAULT_AS_OF = '2026-10-31';
export const MAX_TRANSACTIONS_PER_ACCOUNT = 1000;

export interface BankingSeedOptions extends SeedOptions {
  /** YYYY-MM-DD; defaults to DEFAULT_AS_OF. */
  asOf?: string;
  /** Wipe banking data first (refused otherwise when customers exist). */
  reset?: boolean;
}

export interface BankingSeedResult {
  skipped: boolean;
  customers: number;
  accounts: number;
  transactions: number;
  /** Milliseconds per phase, for the CLI and the benchmark. */
  timings: Record<string, number>;
}

const count = async (tx: Database, table: string) =>
  Number((await queryRows<{ n: string }>(tx, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);

/** Times each phase into `timings` (milliseconds), for the CLI and the benchmark. */
export async function timed<T>(
  timings: Record<string, number>,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await fn();
  timings[name] = Math.round(performance.now() - started);
  return result;
}

function checkOptions(opts: BankingSeedOptions): string {
  const t = opts.transactionsPerAccount;
  if (!Number.isInteger(opts.customers) || opts.customers < 0 || opts.customers > 9_999_999) {
    throw new Error('customers must be an integer between 0 and 9,999,999');
  }
  if (!Number.isInteger(t) || t < 1 || t > MAX_TRANSACTIONS_PER_ACCOUNT) {
    throw new Error(
      `transactions per account must be an integer between 1 and ${MAX_TRANSACTIONS_PER_ACCOUNT}`,
    );
  }
  if (!Number.isSafeInteger(opts.seed) || opts.seed < 0 || opts.seed > 9_000_000_000) {
    throw new Error('seed must be an integer between 0 and 9,000,000,000');
  }
  const asOf = opts.asOf ?? DEFAULT_AS_OF;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new Error('asOf must be YYYY-MM-DD');
  return asOf;
}

/**
 * The generator's expressions are large: JIT would spend seconds compiling them for nothing, and the
 * window sorts and index builds want memory rather than disk. The settings end with the transaction.
 * Side by side, each connection already has its core: an index build's helper processes would only
 * compete with the neighbours, and the memory they would share goes to the one build instead.
 */
export const bulkSettings = (tx: Database, sideBySide = false) =>
  tx.execute(
    sideBySide
      ? sql`select set_config('jit', 'off', true), set_config('work_mem', '256MB', true), set_config('maintenance_work_mem', '1GB', true), set_config('max_parallel_maintenance_workers', '0', true)`
      : sql`select set_config('jit', 'off', true), set_config('work_mem', '256MB', true), set_config('maintenance_work_mem', '256MB', true)`,
  );

/**
 * Everything before the load, in the caller's transaction: options, the skip check, `reset`, the
 * repair of a crashed parallel load, reference data, and the bulk-load switches. Undefined: skip.
 */
export async function prepareSeed(
  tx: Database,
  opts: BankingSeedOptions,
  timings: Record<string, number>,
): Promise<Omit<PlanContext, 'ranges' | 'connections'> | undefined> {
  const asOf = checkOptions(opts);
  const crashed = await interruptedBulkLoad(tx);
  if (crashed) await timed(timings, 'repair interrupted load', () => abandonBulkLoad(tx, crashed));
  if (!opts.reset && (await count(tx, 'customers')) > 0) return undefined;
  await bulkSettings(tx);
  const saved = await timed(timings, 'prepare', async () => {
    // The ledger's tables refuse TRUNCATE while their triggers are on: switch them off first.
    const switchedOff = await startBulkLoad(tx);
    if (opts.reset) await tx.execute(sql`truncate ${SEEDED_TABLES} restart identity`);
    await insertReferenceData(tx);
    await reserveGlLineIds(tx, opts.customers, opts.transactionsPerAccount);
    return switchedOff;
  });
  return {
    rng: makeRng(opts.seed),
    asOf,
    n: opts.customers,
    transactionsPerAccount: opts.transactionsPerAccount,
    saved,
  };
}

/** Everything after the load: sequences, statistics, the counts and the seed's own audit row. */
export async function finishSeed(
  tx: Database,
  opts: BankingSeedOptions,
  asOf: string,
  timings: Record<string, number>,
): Promise<BankingSeedResult> {
  await timed(timings, 'sequences', async () => {
    // Later inserts (postTransaction, new customers) continue after the generated ids.
    for (const [table, column] of [
      ['customers', 'cust_id'],
      ['accounts', 'id'],
      ['transactions', 'id'],
      ['journal_entries', 'id'],
    ] as const) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
      );
    }
    // New accounts' serials (ADR 0019) continue after the seeded ids, which are the seeded serials.
    await tx.execute(
      sql`select setval('account_serial_seq', coalesce((select max(id) from accounts), 0) + 1, false)`,
    );
    // gl_lines draws its ids from the transactions sequence too.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('transactions', 'id'), greatest((select max(id) from transactions), (select max(id) from gl_lines), 0) + 1, false)`,
    );
  });
  await timed(timings, 'analyze', () =>
    tx.execute(
      sql`analyze customers, accounts, transactions, journal_entries, gl_lines, mobile_banking_subscriptions, registered_user_keys, registered_user_balances, account_activity`,
    ),
  );
  const result = {
    skipped: false,
    customers: await count(tx, 'customers'),
    accounts: await count(tx, 'accounts'),
    transactions: await count(tx, 'transactions'),
    timings,
  };
  await clearBulkLoadMarker(tx);
  // A bulk load bypasses the per-posting audit rows, so it leaves one audit row of its own.
  await appendAudit(tx, {
    action: 'banking.seed',
    outcome: 'success',
    actorEmail: 'system',
    targetType: 'database',
    details: {
      ...opts,
      asOf,
      customers: result.customers,
      accounts: result.accounts,
      transactions: result.transactions,
    },
  });
  return result;
}

export const skippedSeed = (timings: Record<string, number>): BankingSeedResult => ({
  skipped: true,
  customers: 0,
  accounts: 0,
  transactions: 0,
  timings,
});

/**
 * Generates branches, products, GL codes, customers, accounts, postings and mobile-banking
 * subscriptions. Pass a transaction: on any failure nothing is left behind. At a million customers
 * `seedBankingInParallel` (parallel.ts) loads the same rows on several connections.
 */
export async function seedBanking(tx: Database, opts: BankingSeedOptions): Promise<BankingSeedResult> {
  const timings: Record<string, number> = {};
  const prepared = await prepareSeed(tx, opts, timings);
  if (!prepared) return skippedSeed(timings);
  const ctx: PlanContext = { ...prepared, ranges: [allCustomers(opts.customers)], connections: 1 };
  for (const stage of SEED_STAGES) {
    await timed(timings, stage.name, async () => {
      for (const task of stage.tasks(ctx)) await task.run(tx);
    });
  }
  return finishSeed(tx, opts, prepared.asOf, timings);
}
