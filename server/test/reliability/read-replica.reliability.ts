import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  REPORT_SOURCE_HEADERS as H,
  type ExecutiveDashboard,
  type GlStatement,
  type PreparedReturns,
  type TrialBalance,
} from '@bankmanager/contracts';
import { buildApp, type App } from '../../src/app.ts';
import { openDatabase, type DbHandle } from '../../src/db/client.ts';
import { createReportReads } from '../../src/db/report-reads.ts';
import { createTestDb, testConfig } from '../support/harness.ts';
import { EOD_BRANCH, eodProducts, openAccount, setBusinessDate, teller } from '../support/eod.ts';
import { staffUsers, type StaffUser } from '../support/staff-users.ts';

/*
 * Reports on a real streaming replica (ADR 0054): `npm run test:replica -w server` with TEST_DATABASE_URL
 * (scripts/pg-cluster.sh) and DATABASE_READ_URL (scripts/pg-replica.sh, a replica of that cluster).
 * Every test file's database is created on the primary and reaches the replica by streaming.
 */
const primaryUrl = process.env.TEST_DATABASE_URL;
const replicaAdminUrl = process.env.DATABASE_READ_URL;
const MAX_LAG_SECONDS = 1;
const DASHBOARD = '/api/reports/executive-dashboard';
const TELLER_GL = `1020-${EOD_BRANCH}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!primaryUrl || !replicaAdminUrl)('reports on a streaming read replica', () => {
  let db: DbHandle & { url?: string };
  let readDb: DbHandle;
  let app: App;
  let boss: StaffUser;
  let control: pg.Client;
  // Mutable on purpose: the as-of test flips onLag on the running app (the reader reads it per request).
  const config = testConfig({
    readReplica: { url: undefined, maxLagSeconds: MAX_LAG_SECONDS, onLag: 'primary' },
  });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: boss.auth } });
  const sle = (d: ExecutiveDashboard) => d.currencies.find((c) => c.currency === 'SLE')!.deposits;
  const statement = async () => {
    const res = await get(
      `/api/gl/accounts/${TELLER_GL}/statement?from=2026-11-24&to=2026-11-24&currency=SLE`,
    );
    expect(res.statusCode).toBe(200);
    return { res, body: res.json<GlStatement>() };
  };
  /**
   * Until the replica has replayed everything the primary wrote so far. The test cluster commits
   * asynchronously (synchronous_commit=off), so a commit may sit in WAL buffers beyond the written
   * position `pg_current_wal_lsn()` reports: wait for the insert position, which includes it.
   */
  const caughtUp = async () => {
    const p = new pg.Client({ connectionString: db.url });
    await p.connect();
    const { rows } = await p.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    await p.end();
    for (let i = 0; i < 200; i++) {
      const r = await control.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [
        rows[0]!.lsn,
      ]);
      if (r.rows[0]!.ok) return;
      await sleep(50);
    }
    throw new Error('the replica did not catch up within 10 s');
  };

  beforeAll(async () => {
    db = await createTestDb();
    const url = new URL(replicaAdminUrl!);
    url.pathname = new URL(db.url!).pathname;
    control = new pg.Client({ connectionString: replicaAdminUrl });
    await control.connect();
    // The new database must exist on the replica before its pool connects.
    await caughtUp();
    // As server.ts opens it: a pool that refuses writes even if the URL named a primary.
    readDb = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: 'memory://',
      serverOptions: '-c default_transaction_read_only=on',
    });
    config.readReplica.url = url.toString();
    app = await buildApp({ config, db, readDb, logger: false });
    await app.ready();
    await eodProducts(app);
    await setBusinessDate(app, '2026-11-24');
    boss = await (await staffUsers(app)).make('superuser', 'replica');
    await openAccount(app, { product: 'E-SAV', deposit: '1000.10' });
    await caughtUp();
  }, 120_000);

  afterAll(async () => {
    await control?.query('select pg_wal_replay_resume()').catch(() => {});
    await control?.end();
    await app?.close();
    await readDb?.close();
    await db?.close();
  });

  it('serves the executive dashboard from the replica, saying so in its metadata', async () => {
    const res = await get(DASHBOARD);
    expect(res.statusCode).toBe(200);
    const body = res.json<ExecutiveDashboard>();
    expect(body.served).toMatchObject({ source: 'replica', stale: false });
    expect(res.headers[H.source]).toBe('replica');
    expect(sle(body)).toBe('1000.10');
  });

  it('serves the GL reports, their downloads and the BSL return preview from the replica', async () => {
    const tb = await get('/api/gl/trial-balance?date=2026-11-24');
    expect(tb.headers[H.source]).toBe('replica');
    expect(tb.json<TrialBalance>().balanced).toBe(true);
    const csv = await get('/api/gl/trial-balance?date=2026-11-24&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers[H.source]).toBe('replica');
    for (const url of [
      '/api/gl/balance-sheet?date=2026-11-24&format=pdf',
      '/api/gl/income-statement?from=2026-11-01&to=2026-11-24',
      `/api/gl/accounts/${TELLER_GL}/statement?from=2026-11-24&to=2026-11-24&currency=SLE&format=csv`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers[H.source], url).toBe('replica');
    }
    const prepared = await get('/api/regulatory-returns/prepare?monthEnd=2026-10-31');
    expect(prepared.statusCode).toBe(200);
    expect(prepared.headers[H.source]).toBe('replica');
    expect(prepared.json<PreparedReturns>().monthEnd).toBe('2026-10-31');
  });

  it('keeps a write and the read right after it on the primary, and falls back when the replica lags', async () => {
    const before = (await statement()).body.lines.length;
    await control.query('select pg_wal_replay_pause()');
    const account = await openAccount(app, { product: 'E-SAV' });
    await teller(app, account.id, 'credit', '250.00');
    // The GL statement screen right after a posting: on the primary, the new line is there.
    const screen = await statement();
    expect(screen.res.headers[H.source]).toBeUndefined();
    expect(screen.body.lines).toHaveLength(before + 1);
    // The replica stands still while its replay is paused; once past the bound, reports go to the primary.
    await sleep(MAX_LAG_SECONDS * 1000 + 300);
    const res = await get(DASHBOARD);
    const body = res.json<ExecutiveDashboard>();
    expect(body.served).toMatchObject({ source: 'primary', lagSeconds: null, stale: false });
    expect(res.headers[H.source]).toBe('primary');
    expect(sle(body)).toBe('1250.10');
  });

  it('serves the lagging replica "as of" its last replayed commit when the setting says so', async () => {
    config.readReplica.onLag = 'as_of';
    try {
      const res = await get(DASHBOARD);
      const body = res.json<ExecutiveDashboard>();
      expect(body.served).toMatchObject({ source: 'replica', stale: true });
      expect(body.served!.lagSeconds).toBeGreaterThan(MAX_LAG_SECONDS);
      expect(Date.parse(body.served!.asOf)).toBeLessThan(Date.now() - MAX_LAG_SECONDS * 1000);
      expect(res.headers[H.asOf]).toBe(body.served!.asOf);
      // The replica's figures: the deposit made after replay paused is not in them yet.
      expect(sle(body)).toBe('1000.10');
    } finally {
      config.readReplica.onLag = 'primary';
    }
  });

  it('serves the replica again once replay resumes and catches up', async () => {
    await control.query('select pg_wal_replay_resume()');
    await caughtUp();
    const res = await get(DASHBOARD);
    const body = res.json<ExecutiveDashboard>();
    expect(body.served).toMatchObject({ source: 'replica', stale: false, lagSeconds: 0 });
    expect(sle(body)).toBe('1250.10');
  });

  it('reads from the primary, and logs it, when the replica cannot be reached', async () => {
    const gone = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/postgres',
      dataDir: 'memory://',
    });
    const warnings: string[] = [];
    const headers: Record<string, string> = {};
    const reply = { header: (k: string, v: string) => ((headers[k] = v), reply) };
    try {
      const reads = createReportReads(db, gone, config.readReplica, {
        warn: (_o, msg) => warnings.push(msg),
      });
      const { value, served } = await reads.run(reply as never, async () => 'figures');
      expect(value).toBe('figures');
      expect(served).toMatchObject({ source: 'primary', lagSeconds: null });
      expect(headers[H.source]).toBe('primary');
      expect(warnings).toEqual(['read replica unavailable: report read from the primary']);
    } finally {
      await gone.close();
    }
  });
});
