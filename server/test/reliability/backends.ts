import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type DbHandle } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { JwtService } from '../../src/modules/auth/jwt.ts';
import { loadSigningKeys } from '../../src/modules/auth/signing-keys.ts';
import { openMigratedPgliteCopy } from '../support/migrated-template.ts';
import { startCluster } from './pg-cluster.ts';

/** Where the servers of a reliability test keep their data: a PGlite directory or a PostgreSQL database. */
export interface Backend {
  name: 'pglite' | 'postgres';
  /** DATA_DIR or DATABASE_URL, for spawnServer and the operator CLIs. */
  dbEnv: Record<string, string>;
  /** The database in this process, migrated. For PGlite only while no server holds the directory. */
  open(): Promise<DbHandle>;
  dispose(): void;
}

export function pgliteBackend(): Backend {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-crash-'));
  let filled = false;
  return {
    name: 'pglite',
    dbEnv: { DATA_DIR: dir },
    // The first open fills the empty directory from the migrated database the server tests copy
    // (built once per migration set) instead of running every migration from zero: about 7 CPU s less.
    open: async () => {
      if (filled) return openMigrated({ dataDir: dir });
      const handle = await openMigratedPgliteCopy(dir);
      await runMigrations(handle);
      filled = true;
      return handle;
    },
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A throwaway cluster of its own; `database` names a fresh database in it (default: postgres). */
export async function postgresBackend(database?: string): Promise<Backend> {
  const cluster = startCluster();
  const url = new URL(cluster.url);
  if (database) {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    url.pathname = `/${database}`;
  }
  // A DATA_DIR of its own: a server on PostgreSQL still keeps its generated audit key and the audit
  // chain's checkpoint there. Left at the default (./.data), every reliability file running at once
  // shared one checkpoint, and a server's chain was checked against another database's.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-pg-data-'));
  return {
    name: 'postgres',
    dbEnv: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    open: () => openMigrated({ databaseUrl: url.toString(), dataDir: 'memory://' }),
    dispose: () => {
      cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openMigrated(opts: Parameters<typeof openDatabase>[0]): Promise<DbHandle> {
  const handle = await openDatabase(opts);
  await runMigrations(handle);
  return handle;
}

/** Server settings for reliability runs: cheap password hashing, no IP limit (all clients are 127.0.0.1). */
export function serverEnv(backend: Backend, port: number, extra: Record<string, string> = {}) {
  return {
    ...backend.dbEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: 'false',
    AUTH_GENERATE_KEYS: 'true',
    AUTH_ARGON2_MEMORY_KIB: '1024',
    AUTH_ARGON2_TIME_COST: '1',
    AUTH_IP_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** The anon key the servers will accept: generated (and stored) now, as `npm run keys` does. */
export async function anonKeyOf(handle: DbHandle, env: Record<string, string>): Promise<string> {
  const config = loadConfig(env);
  const jwt = new JwtService(await loadSigningKeys(handle.db, config.auth), `${config.publicUrl}/auth/v1`);
  return jwt.apiKey('anon');
}

/** A port nobody listens on right now, so a restarted server can come back at the same address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}
