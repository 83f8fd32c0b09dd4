// Storage bench: the real app in a forked process (server.ts: in-memory PGlite, a fresh
// STORAGE_DIR), driven over loopback HTTP by a keep-alive node:http client in this one (client.ts).
// --postgres: the metadata in a fresh database `bm_bench_storage` on TEST_DATABASE_URL's server.
//   npm run bench:storage [-- --objects 100000 --runs 50 --postgres]
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { adminQuery, benchDatabaseUrl, benchServerUrl } from '../support.ts';
import { storageClient } from './client.ts';
import type { ServerAsk, ServerReady } from './server.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const OBJECTS = arg('objects', 100_000);
const RUNS = arg('runs', 50);
const TRIES = 11;
const MB = 1024 * 1024;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const best = (xs: number[]) => Math.min(...xs);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-storage-'));
const file = path.join(work, 'ten.bin');
fs.writeFileSync(file, Buffer.alloc(10 * MB, 7));

const POSTGRES = process.argv.includes('--postgres');
const DB_NAME = 'bm_bench_storage';
const serverUrl = POSTGRES ? benchServerUrl() : undefined;
if (serverUrl) {
  await adminQuery(serverUrl, `drop database if exists ${DB_NAME}`);
  await adminQuery(serverUrl, `create database ${DB_NAME}`);
}
const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [path.join(work, 'store')], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: { ...process.env, BENCH_DATABASE_URL: serverUrl ? benchDatabaseUrl(serverUrl, DB_NAME) : '' },
});
const ready = await new Promise<ServerReady>((resolve) => child.once('message', resolve));
let nextId = 0;
const ask = (req: ServerAsk) =>
  new Promise<void>((resolve) => {
    const id = ++nextId;
    const onMessage = (msg: { id?: number }) => {
      if (msg.id !== id) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send({ ...req, id });
  });
/** The server's resident set and its peak since the last reset (Linux /proc), in MiB. */
const memory = () => {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};
// 1. A 10 MB upload and download next to fs.createReadStream piped to a file (the floor), and next to
// node:http alone doing the same over the same loopback (what HTTP costs before the app does anything).
const client = storageClient(ready.port, ready.serviceRoleKey);
const bare = storageClient(ready.barePort, '', '');
await client.request('POST', '/bucket', { json: { name: 'bench' } });
const times = {
  floor: [] as number[],
  floorSync: [] as number[],
  bareUp: [] as number[],
  bareDown: [] as number[],
  up: [] as number[],
  down: [] as number[],
};
const timed = async <T>(into: number[], fn: () => Promise<T>): Promise<T> => {
  const t0 = process.hrtime.bigint();
  const result = await fn();
  into.push(ms(t0));
  return result;
};
const copy = async (to: string, sync: boolean) => {
  await pipeline(fs.createReadStream(file), fs.createWriteStream(to));
  if (!sync) return;
  const fh = await fs.promises.open(to, 'r+');
  await fh.sync();
  await fh.close();
};
const headers = { 'content-type': 'application/octet-stream' };
const saveTo = path.join(work, 'down.bin');
for (let i = 0; i < TRIES; i++) {
  await timed(times.floor, () => copy(path.join(work, 'copy.bin'), false));
  await timed(times.floorSync, () => copy(path.join(work, 'copy2.bin'), true));
  await timed(times.bareUp, () => bare.request('POST', '/', { file, headers }));
  await timed(times.bareDown, () => bare.request('GET', '/', { saveTo }));
  // Distinct bytes each time (no dedup shortcut): the first byte differs.
  fs.writeFileSync(file, Buffer.from([i]), { flag: 'r+' });
  const route = `/object/bench/up-${i}.bin`;
  const upStatus = await timed(times.up, () => client.request('POST', route, { file, headers }));
  const downStatus = await timed(times.down, () => client.request('GET', route, { saveTo }));
  if (upStatus !== 200 || downStatus !== 200) throw new Error(`upload ${upStatus}, download ${downStatus}`);
}
const tiny: number[] = [];
for (let i = 0; i < TRIES; i++) await timed(tiny, () => client.request('GET', '/bucket/bench'));
const speed = (t: number) => `${(10 / (t / 1000)).toFixed(0)} MB/s`;
console.log(`metadata in ${serverUrl ? `PostgreSQL (${DB_NAME})` : 'embedded PGlite (in memory)'}`);
console.log(
  `a tiny request (GET /bucket/bench) takes ${best(tiny).toFixed(1)} ms: part of every figure below`,
);
console.log(`10 MB, best of ${TRIES}            time      speed  vs floor  median`);
const row = (name: string, xs: number[], note: string) =>
  console.log(
    `  ${name.padEnd(20)} ${best(xs).toFixed(1).padStart(7)} ms ${speed(best(xs)).padStart(9)} ${`${((best(times.floor) / best(xs)) * 100).toFixed(0)}%`.padStart(8)} ${pct(xs, 0.5).toFixed(1).padStart(7)} ms  ${note}`,
  );
row('fs copy (floor)', times.floor, '');
row('fs copy + fsync', times.floorSync, '(what a durable upload must do at least)');
row('node:http upload', times.bareUp, '(no app: piped to a file, then fsync)');
row('node:http download', times.bareDown, '(no app: a file piped to the answer)');
for (const [name, xs] of [
  ['upload', times.up],
  ['download', times.down],
] as const)
  row(name, xs, `${verdict(best(times.floor) / best(xs) >= 0.5)} (target ≥ 50%)`);

// 2. RSS growth of the server for 20 concurrent 10 MB uploads: the peak the kernel recorded.
const files = Array.from({ length: 20 }, (_, i) => {
  const f = path.join(work, `c${i}.bin`);
  fs.writeFileSync(f, Buffer.alloc(10 * MB, 100 + i));
  return f;
});
await ask({ kind: 'gc' });
fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
const before = memory();
const statuses = await Promise.all(
  files.map((f, i) =>
    client.request('POST', `/object/bench/c-${i}.bin`, {
      file: f,
      headers: { 'content-type': 'application/octet-stream' },
    }),
  ),
);
if (statuses.some((s) => s !== 200)) throw new Error(`concurrent uploads answered ${statuses.join(', ')}`);
const after = memory();
const growth = after.peak - before.rss;
console.log(
  `20 concurrent 10 MB uploads: RSS ${before.rss.toFixed(0)} MB → peak ${after.peak.toFixed(0)} MB, growth ${growth.toFixed(1)} MB  ${verdict(growth < 30)} (target < 30 MB; 200 MB were uploaded)`,
);

// 3. list p95 for a page of 100 with a prefix, the bucket holding OBJECTS objects.
await ask({ kind: 'insertObjects', count: OBJECTS });
const listTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const body = {
    prefix: `folder-${i % 100}/`,
    limit: 100,
    offset: 0,
    sortBy: { column: 'name', order: 'asc' },
  };
  const listFile = path.join(work, 'list.json');
  await timed(listTimes, () =>
    client.request('POST', '/object/list/bench', { json: body, saveTo: listFile }),
  );
  const rows = JSON.parse(fs.readFileSync(listFile, 'utf8')) as unknown[];
  if (rows.length !== 100) throw new Error(`expected 100 rows, got ${rows.length}`);
}
console.log(
  `list, page of 100 under a prefix, ${OBJECTS.toLocaleString('en')} objects (${OBJECTS / 100} per prefix), ${RUNS} runs: p50 ${pct(listTimes, 0.5).toFixed(1)} ms, p95 ${pct(listTimes, 0.95).toFixed(1)} ms  ${verdict(pct(listTimes, 0.95) < 50)} (target p95 < 50 ms at 100,000)`,
);

child.disconnect();
await new Promise((resolve) => child.once('exit', resolve));
fs.rmSync(work, { recursive: true, force: true });
if (serverUrl) await adminQuery(serverUrl, `drop database ${DB_NAME}`);
