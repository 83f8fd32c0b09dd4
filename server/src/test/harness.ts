import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DbHandle } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { buildApp, type App } from '../app.ts';

/**
 * A migrated database for one test file: PGlite in memory by default, or — when TEST_DATABASE_URL is
 * set (`npm run test:pg`) — a fresh database on that PostgreSQL server, dropped on close.
 */
export async function createTestDb(): Promise<DbHandle & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await runMigrations(handle);
    return handle;
  }
  const name = `bm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolMax: 20 });
  await runMigrations(handle);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DEMO_DATA: 'false' }, '0.0.0-test');
  return { ...base, ...overrides };
}

export interface TestApp {
  app: App;
  db: DbHandle & { url?: string };
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database, for `app.inject` or — after `listen` — real HTTP. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await createTestDb();
  const config = testConfig(overrides);
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** Listens on a free loopback port and returns the base URL (for supabase-js and fetch). */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}
