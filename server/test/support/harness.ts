import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { loadConfig, type AuthConfig, type Config } from '../../src/config.ts';
import { openDatabase, type DbHandle } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { buildApp, type App, type BuildAppOptions } from '../../src/app.ts';
import { drawOwnAuditChainId, migratedPgTemplate, openMigratedPgliteCopy } from './migrated-template.ts';

/**
 * A migrated database for one test file: PGlite in memory by default, or — when TEST_DATABASE_URL is
 * set (`npm run test:pg`) — a fresh database on that PostgreSQL server, dropped on close. Both are copies
 * of one migrated database (migrated-template.ts); `runMigrations` then finds nothing to apply.
 */
export async function createTestDb(): Promise<DbHandle & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openMigratedPgliteCopy('memory://');
    await runMigrations(handle);
    return handle;
  }
  const template = await migratedPgTemplate(adminUrl);
  const name = `bm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // FILE_COPY copies the template's files under a checkpoint; PostgreSQL 15's default (WAL_LOG) writes
  // every page through the buffer cache and the WAL: 236 against 39 ms of CPU for this 15 MB template,
  // for each of the ~200 server test files. The checkpoint is cheap on a test cluster (fsync=off).
  await admin.query(`create database ${name} template ${template} strategy file_copy`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolMax: 20 });
  await runMigrations(handle);
  await drawOwnAuditChainId(handle);
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

/** Test config: cheap password hashing and generous auth limits, so suites stay fast; `auth` merges key by key. */
export function testConfig(
  overrides: Partial<Omit<Config, 'auth'>> & { auth?: Partial<AuthConfig> } = {},
): Config {
  const base = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      DEMO_DATA: 'false',
      AUTH_ARGON2_MEMORY_KIB: '1024',
      AUTH_ARGON2_TIME_COST: '1',
      AUTH_IP_RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_EMAIL_MIN_INTERVAL_SECONDS: '0',
      AUTH_EMAIL_RATE_PER_HOUR: '100000',
      AUTH_EMAIL_RATE_PER_SOURCE_PER_HOUR: '100000',
    },
    '0.0.0-test',
  );
  return { ...base, ...overrides, auth: { ...base.auth, ...overrides.auth } };
}

export interface TestApp {
  app: App;
  db: DbHandle & { url?: string };
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database, for `app.inject` or — after `listen` — real HTTP. */
export async function createTestApp(
  overrides: Parameters<typeof testConfig>[0] = {},
  options: Pick<BuildAppOptions, 'onRoute'> = {},
): Promise<TestApp> {
  const db = await createTestDb();
  const config = testConfig(overrides);
  const app = await buildApp({ config, db, logger: false, ...options });
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
