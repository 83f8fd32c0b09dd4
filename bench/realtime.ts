// npm run bench:realtime -- [--sockets 2000] [--subscribers 1000] [--rounds 20]
// Realtime (/realtime/v1) at scale, the live-screen targets in one run, each figure printed beside its
// floor and its verdict: a bare `ws` server in its own process (bench/realtime-floor.ts) for sockets,
// heartbeats and fan-out, and a bare LISTEN/NOTIFY round trip for row changes. Two real servers
// (server.ts, spawned) share one fresh PostgreSQL database. Exits 1 when a target is missed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { ROOT_DIR } from '../server/src/config.ts';
import { spawnServer, killAllServers } from '../server/test/support/spawn-server.ts';
import { anonKeyOf } from '../server/test/reliability/backends.ts';
import { adminQuery, benchDatabaseUrl, benchServerUrl, percentile } from './support.ts';
import { PhxSocket, openMany } from './realtime-client.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const SOCKETS = arg('sockets', 2000);
const SUBSCRIBERS = arg('subscribers', 1000);
const ROUNDS = arg('rounds', 20);

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const fmt = (n: number) => n.toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let stopFloor = () => {};

async function startFloor(): Promise<{ url: string; pid: number; stop: () => void }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'bench/realtime-floor.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) => {
    proc.stdout.on('data', (d: Buffer) => {
      const m = /listening on (\d+)/.exec(d.toString());
      if (m?.[1]) resolve(m[1]);
    });
  });
  stopFloor = () => proc.kill();
  return { url: `ws://127.0.0.1:${port}`, pid: proc.pid!, stop: stopFloor };
}

function floorSocket(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}
const nextMessage = (ws: WebSocket) => new Promise<void>((resolve) => ws.once('message', () => resolve()));

async function main() {
  const serverUrl = benchServerUrl();
  const dbName = 'bm_bench_realtime';
  await adminQuery(serverUrl, `drop database if exists ${dbName} with (force)`);
  await adminQuery(serverUrl, `create database ${dbName}`);
  const dbUrl = benchDatabaseUrl(serverUrl, dbName);
  const handle = await openDatabase({ databaseUrl: dbUrl, dataDir: 'memory://' });
  await runMigrations(handle);
  const env = {
    DATABASE_URL: dbUrl,
    AUTH_GENERATE_KEYS: 'true',
    DEMO_DATA: 'false',
    AUTH_ARGON2_MEMORY_KIB: '1024',
    AUTH_ARGON2_TIME_COST: '1',
    REALTIME_MESSAGES_PER_SECOND: '10000',
    DB_POOL_MAX: '10',
  };
  const anon = await anonKeyOf(handle, { ...env, PORT: '0' });
  const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  const floor = await startFloor();
  const res = await fetch(`${a.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench@bank.sl',
      password: 'correct-horse-1',
      data: { fullName: 'Bench User', mobileNo: '23276000001', bank_code: 'CB' },
    }),
  });
  const session = (await res.json()) as { access_token: string; user?: { id: string } };
  if (!session.user) throw new Error(`sign-up failed: ${JSON.stringify(session)}`);
  const userId = session.user.id;
  await handle.db.execute(sql`update staff set approved = true where user_id = ${userId}`);
  const token = session.access_token;
  const rows: [string, string, string, string][] = [];

  // 1. N authenticated sockets, each joined to a channel: the server's RSS and heartbeat p99.
  const rss0 = rssMb(a.proc.pid!);
  const sockets = await openMany(SOCKETS, () => PhxSocket.open(a.url, anon));
  for (let i = 0; i < sockets.length; i += 200) {
    await Promise.all(sockets.slice(i, i + 200).map((s) => s.join('realtime:lobby', token)));
  }
  const rss1 = rssMb(a.proc.pid!);
  const floorRss0 = rssMb(floor.pid);
  const floors = await openMany(SOCKETS, async () => floorSocket(floor.url) as never, 100);
  const floorRss1 = rssMb(floor.pid);
  const hb: number[] = [];
  const fhb: number[] = [];
  for (let r = 0; r < 5; r++) {
    await Promise.all(
      sockets.map(async (s) => {
        const t = performance.now();
        await s.call('phoenix', 'heartbeat', {});
        hb.push(performance.now() - t);
      }),
    );
    await Promise.all(
      (floors as unknown as WebSocket[]).map(async (ws) => {
        const t = performance.now();
        const got = nextMessage(ws);
        ws.send('ping');
        await got;
        fhb.push(performance.now() - t);
      }),
    );
  }
  // As clients send them: each socket on its own clock (realtime-js: every 30 s), here 10× as often.
  const spread: number[] = [];
  const fspread: number[] = [];
  const SPREAD_MS = 3000;
  await Promise.all(
    sockets.map(async (s, i) => {
      await sleep((i / sockets.length) * SPREAD_MS);
      const t = performance.now();
      await s.call('phoenix', 'heartbeat', {});
      spread.push(performance.now() - t);
    }),
  );
  await Promise.all(
    (floors as unknown as WebSocket[]).map(async (ws, i) => {
      await sleep((i / floors.length) * SPREAD_MS);
      const t = performance.now();
      const got = nextMessage(ws);
      ws.send('ping');
      await got;
      fspread.push(performance.now() - t);
    }),
  );
  rows.push([`RSS after ${SOCKETS} sockets (MB, whole process)`, fmt(rss1), fmt(floorRss1), '< 400']);
  rows.push([`  of which the sockets (MB)`, fmt(rss1 - rss0), fmt(floorRss1 - floorRss0), '']);
  // No target: every socket of this one client process at the same instant is the client's own limit
  // as much as the server's (the bare ws floor queues as long); clients do not beat in step.
  rows.push([
    `heartbeat p99, ${SOCKETS} sockets all at once (ms)`,
    fmt(percentile(sorted(hb), 99)),
    fmt(percentile(sorted(fhb), 99)),
    '',
  ]);
  rows.push([
    `heartbeat p99, ${SOCKETS} sockets over ${SPREAD_MS / 1000} s (ms)`,
    fmt(percentile(sorted(spread), 99)),
    fmt(percentile(sorted(fspread), 99)),
    '< 100',
  ]);
  for (const s of sockets) s.close();
  for (const ws of floors as unknown as WebSocket[]) ws.close();

  // 2. A broadcast to S subscribers: send → each delivery, p95 over all deliveries of all rounds.
  const subs = await openMany(SUBSCRIBERS, () => PhxSocket.open(a.url, anon));
  for (let i = 0; i < subs.length; i += 200) {
    await Promise.all(subs.slice(i, i + 200).map((s) => s.join('realtime:fanout', token)));
  }
  const sender = await PhxSocket.open(a.url, anon);
  await sender.join('realtime:fanout', token);
  const fan: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const sent = performance.now();
    const all = subs.map(
      (s) =>
        new Promise<void>((resolve) => (s.onPush = () => (fan.push(performance.now() - sent), resolve()))),
    );
    sender.ws.send(
      JSON.stringify({
        topic: 'realtime:fanout',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'tick', payload: { r } },
        ref: null,
      }),
    );
    await Promise.all(all);
  }
  for (const s of [...subs, sender]) s.close();
  const fsubs = (await openMany(
    SUBSCRIBERS,
    async () => floorSocket(floor.url) as never,
    100,
  )) as unknown as WebSocket[];
  const fsender = await floorSocket(floor.url);
  const ffan: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const sent = performance.now();
    const all = fsubs.map((ws) => nextMessage(ws).then(() => void ffan.push(performance.now() - sent)));
    fsender.send(`fan:${r}`);
    await Promise.all(all);
  }
  for (const ws of [...fsubs, fsender]) ws.close();
  rows.push([
    `broadcast fan-out p95 to ${SUBSCRIBERS} subscribers (ms)`,
    fmt(percentile(sorted(fan), 95)),
    fmt(percentile(sorted(ffan), 95)),
    '< 100',
  ]);

  // 3. A row change committed by server A (its /rest/v1 API, as the SPA's theme toggle does) →
  //    postgres_changes at a subscriber on server B; from the request's start, so it includes A's work.
  //    Then the same change committed by a plain connection (the database alone, no server A).
  const sub = await PhxSocket.open(b.url, anon);
  await sub.join('realtime:me', token, {
    postgres_changes: [{ event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${userId}` }],
  });
  const delivered = () =>
    new Promise<void>((resolve) => (sub.onPush = (f) => f.event === 'postgres_changes' && resolve()));
  const apiLat: number[] = [];
  for (let r = 0; r < ROUNDS * 2; r++) {
    const got = delivered();
    const t = performance.now();
    const patched = await fetch(`${a.url}/rest/v1/profiles?id=eq.${userId}`, {
      method: 'PATCH',
      headers: { apikey: anon, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ theme: r % 2 ? 'dark' : 'light' }),
    });
    if (!patched.ok) throw new Error(`PATCH /rest/v1/profiles: ${patched.status} ${await patched.text()}`);
    await got;
    apiLat.push(performance.now() - t);
  }
  const pgLat: number[] = [];
  for (let r = 0; r < ROUNDS * 2; r++) {
    const t = performance.now();
    const got = delivered();
    await handle.db.execute(sql`update profiles set full_name = ${`Bench ${r}`} where id = ${userId}`);
    await got;
    pgLat.push(performance.now() - t);
  }
  sub.close();
  const listener = new pg.Client({ connectionString: dbUrl });
  await listener.connect();
  await listener.query('listen bench_floor');
  const notifyLat: number[] = [];
  for (let r = 0; r < ROUNDS * 2; r++) {
    const t = performance.now();
    const got = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
    await handle.db.execute(sql`select pg_notify('bench_floor', ${String(r)})`);
    await got;
    notifyLat.push(performance.now() - t);
  }
  await listener.end();
  rows.push([
    'row change on server A → subscriber on B, p95 (ms)',
    fmt(percentile(sorted(apiLat), 95)),
    fmt(percentile(sorted(notifyLat), 95)),
    '< 200',
  ]);
  rows.push([
    '  the same committed by SQL → subscriber on B, p95 (ms)',
    fmt(percentile(sorted(pgLat), 95)),
    fmt(percentile(sorted(notifyLat), 95)),
    '< 200',
  ]);

  console.log(
    `\nrealtime bench: ${SOCKETS} sockets, ${SUBSCRIBERS} subscribers, ${ROUNDS} rounds (floor: bare ws; NOTIFY round trip for row changes)\n`,
  );
  const w = [55, 10, 10, 8, 7];
  const line = (cols: string[]) =>
    cols.map((c, i) => (i === 0 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join('  ');
  console.log(line(['figure', 'realtime', 'floor', 'target', '']));
  let missed = 0;
  for (const r of rows) {
    const limit = /^< ([\d.]+)$/.exec(r[3])?.[1];
    const ok = limit === undefined || Number(r[1]) < Number(limit);
    if (!ok) missed++;
    console.log(line([...r, limit === undefined ? '' : ok ? 'PASS' : 'FAIL']));
  }
  console.log(
    '\nHeartbeats "over 3 s": each socket on its own clock, 10× as often as realtime-js (every 30 s);' +
      '\n"all at once": one burst from this single client process, bounded by the client as much (see the floor).',
  );
  process.exitCode = missed ? 1 : 0;

  floor.stop();
  a.proc.kill('SIGTERM');
  b.proc.kill('SIGTERM');
  await Promise.all([a.exited, b.exited]);
  await handle.close();
  await adminQuery(serverUrl, `drop database if exists ${dbName} with (force)`);
}

main().catch((err: unknown) => {
  console.error(err);
  killAllServers();
  stopFloor();
  process.exit(1);
});
