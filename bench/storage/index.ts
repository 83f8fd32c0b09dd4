// Storage bench (issue 16): the real app in a forked process (server.ts: in-memory PGlite, a fresh
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
const client = storageClient(ready.port, ready.serviceRoleKey);
await client.request('POST', '/bucket', { json: { name: 'bench' } });

// 1. A 10 MB upload and download next to fs.createReadStream piped to a file (the floor).
const floor: number[] = [];
const floorSync: number[] = [];
const up: number[] = [];
const down: number[] = [];
for (let i = 0; i < TRIES; i++) {
  let t0 = process.hrtime.bigint();
  await pipeline(fs.createReadStream(file), fs.createWriteStream(path.join(work, 'copy.bin')));
  floor.push(ms(t0));
  t0 = process.hrtime.bigint();
  await pipeline(fs.createReadStream(file), fs.createWriteStream(path.join(work, 'copy2.bin')));
  const fh = await fs.promises.open(path.join(work, 'copy2.bin'), 'r+');
  await fh.sync();
  await fh.close();
  floorSync.push(ms(t0));
  // Distinct bytes each time (no dedup shortcut): the first byte differs.
  fs.writeFileSync(file, Buffer.from([i]), { flag: 'r+' });
  const headers = { 'content-type': 'application/octet-stream' };
  t0 = process.hrtime.bigint();
  const upStatus = await client.request('POST', `/object/bench/up-${i}.bin`, { file, headers });
  up.push(ms(t0));
  t0 = process.hrtime.bigint();
  const downStatus = await client.request('GET', `/object/bench/up-${i}.bin`, {
    saveTo: path.join(work, 'down.bin'),
  });
  down.push(ms(t0));
  if (upStatus !== 200 || downStatus !== 200) throw new Error(`upload ${upStatus}, download ${downStatus}`);
}
const tiny: number[] = [];
for (let i = 0; i < TRIES; i++) {
  const t0 = process.hrtime.bigint();
  await client.request('GET', '/bucket/bench');
  tiny.push(ms(t0));
}
const speed = (t: number) => `${(10 / (t / 1000)).toFixed(0)} MB/s`;
console.log(
  `a tiny request (GET /bucket/bench) takes ${best(tiny).toFixed(1)} ms: part of every figure below`,
);
console.log(`10 MB, best of ${TRIES}        time      speed     vs floor`);
console.log(
  `  fs copy + fsync   ${best(floorSync).toFixed(1).padStart(8)} ms  ${speed(best(floorSync)).padStart(9)}  ${((best(floor) / best(floorSync)) * 100).toFixed(0).padStart(5)}%  (what a durable upload must do at least)`,
);
console.log(
  `  fs copy (floor)   ${best(floor).toFixed(1).padStart(8)} ms  ${speed(best(floor)).padStart(9)}`,
);
for (const [name, xs] of [
  ['upload', up],
  ['download', down],
] as const) {
  const ratio = best(floor) / best(xs);
  console.log(
    `  ${name.padEnd(16)}  ${best(xs).toFixed(1).padStart(8)} ms  ${speed(best(xs)).padStart(9)}  ${(ratio * 100).toFixed(0).padStart(5)}%  ${verdict(ratio >= 0.5)} (target ≥ 50%; median ${pct(xs, 0.5).toFixed(1)} ms)`,
  );
}

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
// What is still resident once the garbage is collected: the part of the peak the uploads held on to,
// against the socket chunks already written that waited for V8 to collect them.
await ask({ kind: 'gc' });
const held = memory().rss - before.rss;
console.log(
  `20 concurrent 10 MB uploads: RSS ${before.rss.toFixed(0)} MB → peak ${after.peak.toFixed(0)} MB, growth ${growth.toFixed(1)} MB  ${verdict(growth < 30)} (target < 30 MB; 200 MB were uploaded; ${held.toFixed(1)} MB more than before after a GC)`,
);

// 3. list p95 for a page of 100 with a prefix, the bucket holding OBJECTS objects.
await ask({ kind: 'insertObjects', count: OBJECTS });
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const body = {
    prefix: `folder-${i % 100}/`,
    limit: 100,
    offset: 0,
    sortBy: { column: 'name', order: 'asc' },
  };
  const t0 = process.hrtime.bigint();
  const saveTo = path.join(work, 'list.json');
  await client.request('POST', '/object/list/bench', { json: body, saveTo });
  times.push(ms(t0));
  const rows = JSON.parse(fs.readFileSync(saveTo, 'utf8')) as unknown[];
  if (rows.length !== 100) throw new Error(`expected 100 rows, got ${rows.length}`);
}
console.log(
  `list, page of 100 under a prefix, ${OBJECTS.toLocaleString('en')} objects (${OBJECTS / 100} per prefix), ${RUNS} runs: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms  ${verdict(pct(times, 0.95) < 50)} (target p95 < 50 ms at 100,000)`,
);

child.disconnect();
await new Promise((resolve) => child.once('exit', resolve));
fs.rmSync(work, { recursive: true, force: true });
if (serverUrl) await adminQuery(serverUrl, `drop database ${DB_NAME}`);
