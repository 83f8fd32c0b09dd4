// Load: the real server process on PostgreSQL with 1,000,000 customers, 64 connections for 60 s of
// a mixed workload (status checks, registered-users searches and pages, account enquiries,
// transaction pages, token refreshes, subscription saves). Prints throughput, p50/p95/p99 per route,
// the error count (target 0) and the server's memory at the start and the end (target growth < 10%).
//   TEST_DATABASE_URL=postgres://… npm run bench:load [-- --connections 64 --seconds 60 --warmup 10 --seed 232]
// Uses (and seeds once) the bench database bm_bench_users, like bench:registered-users.
import { parseArgs } from 'node:util';
import { runMigrations } from '../../server/src/db/migrate.ts';
import {
  benchDatabaseUrl,
  benchServerUrl,
  ensureCustomers,
  openBenchDatabase,
  percentile,
} from '../support.ts';
import { officerSessions, rssMiB, sampleData, startServer, type LoadFixture } from './setup.ts';
import { Connection, type Recorder } from './workload.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000000' },
    connections: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    seed: { type: 'string', default: '232' },
    database: { type: 'string', default: 'bm_bench_users' },
    // The server's DB_POOL_MAX; its default (twice the cores, ADR 0093) unless given.
    pool: { type: 'string' },
  },
});
const connections = Number(values.connections);
// The same bench and default workload on 2026-11-21, before roles and permissions (ADR 0015) joined
// the guard; ADR 0015 allows at most 10% less. The machine's speed moves between hours: for a firm
// verdict run the build before roles side by side (docs/reliability.md says how).
const BEFORE_ROLES = 357;
const seconds = Number(values.seconds);

/** mulberry32: a small seeded PRNG, so a run's request mix can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Stats implements Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly samples: string[] = [];
  record(route: string, ms: number, ok: boolean, detail?: string) {
    if (!this.latencies.has(route)) this.latencies.set(route, []);
    this.latencies.get(route)!.push(ms);
    if (!ok) {
      this.errors.set(route, (this.errors.get(route) ?? 0) + 1);
      if (this.samples.length < 5) this.samples.push(`${route}: ${detail}`);
    }
  }
  get errorCount() {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}

async function run(conns: Connection[], ms: number, rec: Recorder) {
  const deadline = Date.now() + ms;
  await Promise.all(conns.map((c) => c.runUntil(deadline, rec)));
}

const serverUrl = benchServerUrl();
const handle = await openBenchDatabase(serverUrl, values.database);
let fx: LoadFixture | undefined;
let failed = false;
try {
  await runMigrations(handle);
  await ensureCustomers(handle, values.database, Number(values.customers));
  const { server, anonKey } = await startServer(
    benchDatabaseUrl(serverUrl, values.database),
    values.pool ? { DB_POOL_MAX: values.pool } : {},
  );
  fx = { server, anonKey, sessions: [], accounts: [], customersByConnection: [] };
  fx.sessions = await officerSessions(handle, server.url, anonKey, connections);
  Object.assign(fx, await sampleData(handle, connections));
  const random = prng(Number(values.seed));
  const rssCold = rssMiB(server.proc.pid!);

  const warm = new Stats();
  const stats = new Stats();
  // The same connections (and their rotated sessions) run the warm-up, then the measured run.
  const conns = fx.sessions.map((s, i) => new Connection(fx!, s, fx!.customersByConnection[i]!, random));
  await run(conns, Number(values.warmup) * 1000, warm);
  // RSS rises and falls with V8's collections by tens of MiB (one reading at each end measured -22%
  // and +11% in two runs of the same build): growth compares the mean of the first and the last
  // tenth of readings taken every 250 ms, which a leak moves and a collection's timing does not.
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(rssMiB(server.proc.pid!)), 250);
  const started = performance.now();
  await run(conns, seconds * 1000, stats);
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const tenth = Math.max(1, Math.floor(rss.length / 10));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const rssStart = mean(rss.slice(0, tenth));
  const rssEnd = mean(rss.slice(-tenth));

  console.log(
    `\nLoad: ${connections} connections, ${seconds} s measured after ${values.warmup} s warm-up, seed ${values.seed}`,
  );
  console.log(
    'route'.padEnd(50),
    'count'.padStart(8),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
  );
  let total = 0;
  for (const [route, ms] of [...stats.latencies].sort()) {
    ms.sort((a, b) => a - b);
    total += ms.length;
    const cols = [ms.length, ms.length / elapsed, percentile(ms, 50), percentile(ms, 95), percentile(ms, 99)];
    console.log(
      route.padEnd(50),
      ...cols.map((v, i) => (i === 0 ? String(v) : v.toFixed(1)).padStart(8)),
      String(stats.errors.get(route) ?? 0).padStart(7),
    );
  }
  console.log(
    `throughput: ${(total / elapsed).toFixed(0)} req/s (${total} requests); errors: ${stats.errorCount} (warm-up: ${warm.errorCount})`,
  );
  for (const s of [...warm.samples, ...stats.samples]) console.log(`  error: ${s}`);
  const growth = (rssEnd - rssStart) / rssStart;
  console.log(
    `server memory (RSS): ${rssCold.toFixed(0)} MiB cold; mean of the first tenth of the run ${rssStart.toFixed(0)} MiB, of the last ${rssEnd.toFixed(0)} MiB (${(growth * 100).toFixed(1)}%); range ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MiB`,
  );
  const checks: [string, boolean][] = [
    ['no errors', stats.errorCount === 0 && warm.errorCount === 0],
    ['memory growth under 10%', growth < 0.1],
    [
      `throughput at most 10% below the ${BEFORE_ROLES} req/s made before roles (≥ ${(0.9 * BEFORE_ROLES).toFixed(0)})`,
      total / elapsed >= 0.9 * BEFORE_ROLES,
    ],
  ];
  for (const [name, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  failed = checks.some(([, ok]) => !ok);
} finally {
  fx?.server.proc.kill('SIGTERM');
  await fx?.server.exited;
  await handle.close();
}
process.exit(failed ? 1 : 0);
