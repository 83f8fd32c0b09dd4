// Shared plumbing of the benches: the PostgreSQL server to use, a named bench database that survives
// between runs (so a 1M seed is paid once), and p50/p95/max timing.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DbHandle } from '../server/src/db/client.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { seedBankingInParallel } from '../server/src/db/seed/banking/parallel.ts';

/** TEST_DATABASE_URL or DATABASE_URL; exits with a hint when neither is set. */
export function benchServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'Set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server; e.g. eval "$(scripts/pg-cluster.sh start)"',
    );
    process.exit(2);
  }
  return url;
}

/** Runs one statement on the server's maintenance connection (create or drop a database). */
export async function adminQuery(serverUrl: string, query: string): Promise<unknown[]> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return (await c.query(query)).rows;
  } finally {
    await c.end();
  }
}

/** Opens (creating it if needed) the bench database `name` on that server. */
export async function openBenchDatabase(serverUrl: string, name: string): Promise<DbHandle> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database: lower-case letters, digits and _ only');
  if ((await adminQuery(serverUrl, `select 1 from pg_database where datname = '${name}'`)).length === 0) {
    await adminQuery(serverUrl, `create database ${name}`);
  }
  return openDatabase({
    databaseUrl: benchDatabaseUrl(serverUrl, name),
    dataDir: 'memory://',
    poolMax: 4,
    queryTimeoutMs: 0,
  });
}

/** The connection string of the bench database `name` on that server. */
export function benchDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;
}

/** The middle run of unsorted `xs` (the upper of the two middle ones for an even count). */
export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

export interface Timing {
  p50: number;
  p95: number;
  max: number;
}

/** Runs `fn` once to warm up, then `n` times, and returns the latency distribution in ms. */
export async function time(n: number, fn: () => Promise<unknown>): Promise<Timing> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.at(-1)! };
}

/**
 * `time` for two ways of doing the same thing, their runs interleaved (a, b, a, b…): a ratio of the
 * two then compares runs made in the same moments of the machine, not two stretches of it.
 */
export async function timeSideBySide(
  n: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[Timing, Timing]> {
  await a();
  await b();
  const ms: [number[], number[]] = [[], []];
  for (let i = 0; i < n; i++) {
    for (const [k, fn] of [a, b].entries()) {
      const t = performance.now();
      await fn();
      ms[k]!.push(performance.now() - t);
    }
  }
  return ms.map((xs) => {
    xs.sort((x, y) => x - y);
    return { p50: percentile(xs, 50), p95: percentile(xs, 95), max: xs.at(-1)! };
  }) as [Timing, Timing];
}

/** Seeds `customers` customers (5 postings per account) unless the database already holds exactly that many. */
export async function ensureCustomers(handle: DbHandle, dbName: string, customers: number): Promise<void> {
  // The seed numbers its customers 1…N; a bench may add its own after them (bench:eod's loan scene),
  // which is no reason to seed again.
  const [have] = await queryRows<{ n: string }>(
    handle.db,
    sql`select count(*) filter (where cust_id <= ${customers}) as n from customers`,
  );
  if (Number(have!.n) !== customers) {
    const started = performance.now();
    console.log(`Seeding ${customers.toLocaleString('en-US')} customers into ${dbName}…`);
    await seedBankingInParallel(handle, { customers, transactionsPerAccount: 5, seed: 232, reset: true });
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else {
    console.log(`Reusing ${dbName}: ${customers.toLocaleString('en-US')} customers already seeded`);
  }
  // What autovacuum does soon after a bulk load: the visibility map lets index-only scans skip the heap.
  await handle.db.execute(
    sql`vacuum analyze registered_user_keys, registered_user_balances, mobile_banking_subscriptions`,
  );
}

class RolledBack extends Error {}

/**
 * Runs `fn` in a transaction that is always rolled back, JIT off (as every bench's statements run),
 * and returns what `fn` returned: a floor or a probe that writes leaves the bench database as it was.
 */
export async function inRolledBackTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`select set_config('jit', 'off', true)`);
      out = await fn(tx);
      throw new RolledBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return out as T;
}
