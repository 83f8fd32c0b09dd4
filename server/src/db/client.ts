import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import * as schema from './schema/index.ts';
import { acquireDirLock } from './dir-lock.ts';

export { schema };
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * LISTENs on a channel: `onPayload` gets each NOTIFY payload. PGlite delivers in-process; on
   * PostgreSQL one dedicated connection listens and reconnects after a loss (`onReconnect` is then
   * called: notifications sent while it was down are gone). Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * A handle for long batch work (end of day): on PostgreSQL a small pool of its own without the
   * request-sized query timeout; on PGlite the same database (its close does nothing).
   */
  openBatch(connections?: number): Promise<DbHandle>;
}

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** PGlite directory root, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** PGlite only: start from this dumped data directory (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  poolMax?: number;
  queryTimeoutMs?: number;
  /** PostgreSQL only: settings for every connection of the pool (`-c name=value …`). */
  serverOptions?: string;
  onPoolError?: (err: Error) => void;
}

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts.dataDir, opts.loadDataDir);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DbHandle> {
  let release = async () => {};
  let target = dataDir;
  if (!dataDir.startsWith('memory://')) {
    fs.mkdirSync(dataDir, { recursive: true });
    // PGlite is single-process: a second server on the same directory would corrupt it.
    release = acquireDirLock(path.join(dataDir, 'server.lock'));
    target = path.join(dataDir, 'pglite');
  }
  const client = await PGlite.create(target, {
    extensions: { pg_trgm },
    ...(loadDataDir && { loadDataDir }),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const handle: DbHandle = {
    db,
    driver: 'pglite',
    ping: async (ms = 2000) => void (await withTimeout(client.query('select 1'), ms)),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      await release();
    },
    openBatch: async () => ({ ...handle, close: async () => {} }),
  };
  return handle;
}

// node-postgres is loaded only with DATABASE_URL: an embedded start does not pay for it (ADR 0028).
const loadPg = async () => (await import('pg')).default;

async function openPostgres(url: string, opts: DbOptions): Promise<DbHandle> {
  const [pg, { drizzle: drizzlePg }] = await Promise.all([loadPg(), import('drizzle-orm/node-postgres')]);
  const timeout = opts.queryTimeoutMs ?? 5000;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    // Bounded waits: an unreachable database answers 503 quickly instead of hanging requests.
    connectionTimeoutMillis: 3000,
    // The server cancels a statement that runs too long (57014, answered 503), so its transaction
    // aborts and its locks go. The client's own timer, a second later, is for a server that does not
    // answer at all: alone, it abandoned a statement still running (and holding locks) on a
    // connection that went back to the pool, and the next borrowers queued behind it. 0: no limit.
    statement_timeout: timeout,
    query_timeout: timeout > 0 ? timeout + 1000 : 0,
    idleTimeoutMillis: 30_000,
    application_name: 'bankmanager',
    // No JIT: the app's statements are short, and compiling one whose estimate crosses jit_above_cost
    // (a list over a million rows) took longer than it ran (10 ms of a 220 ms account search at 1M).
    options: ['-c jit=off', opts.serverOptions].filter(Boolean).join(' '),
  });
  // An idle client losing its connection must never crash the process.
  pool.on('error', (err) => opts.onPoolError?.(err));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    driver: 'pg',
    ping: async (ms = 2000) => void (await withTimeout(db.execute(sql`select 1`), ms)),
    listen: (channel, onPayload, onReconnect) => listenPostgres(url, channel, onPayload, onReconnect),
    close: () => pool.end(),
    // Batch work without JIT too (as every pool): its statements read temp tables without statistics,
    // whose estimates made PostgreSQL compile each chunk's statements anew (0.5 s each at 1M, ADR 0026).
    openBatch: (connections = 2) => openPostgres(url, { ...opts, poolMax: connections, queryTimeoutMs: 0 }),
  };
}

/** One dedicated connection LISTENing on `channel`, reconnecting (1 s apart) until stopped. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const pg = await loadPg();
  const connect = async (again: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: 'bankmanager-listen' });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    const lost = () => {
      if (stopped || current !== c) return;
      current = undefined;
      c.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(lost), 1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    current = c;
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    if (again) onReconnect?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = current;
    current = undefined;
    await c?.end().catch(() => {});
  };
}
