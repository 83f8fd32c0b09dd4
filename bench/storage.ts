// Storage bench (issue 16): the real app in this process on embedded PGlite (in memory) and a fresh
// STORAGE_DIR; uploads and downloads by curl child processes, so this process's RSS is the server's.
//   npm run bench:storage [-- --objects 100000 --runs 50]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { buildApp } from '../server/src/app.ts';

const run = promisify(execFile);
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const OBJECTS = arg('objects', 100_000);
const RUNS = arg('runs', 50);
const MB = 1024 * 1024;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-storage-'));
const file = path.join(work, 'ten.bin');
fs.writeFileSync(file, Buffer.alloc(10 * MB, 7));
const config = {
  ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DEMO_DATA: 'false' }),
  storageDir: path.join(work, 'store'),
};
const db = await openDatabase({ dataDir: 'memory://' });
await runMigrations(db);
const app = await buildApp({ config, db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/storage/v1`;
const key = app.authService.serviceRoleKey;
const auth = ['-H', `apikey: ${key}`, '-H', `authorization: Bearer ${key}`];
const curl = (args: string[]) => run('curl', ['-sS', '-f', ...auth, ...args], { maxBuffer: 1 << 20 });
await curl([
  '-X',
  'POST',
  '-H',
  'content-type: application/json',
  '-d',
  '{"name":"bench"}',
  `${base}/bucket`,
]);

// 1. A 10 MB upload and download next to fs.createReadStream piped to a file (the floor).
const floor: number[] = [];
const floorSync: number[] = [];
const up: number[] = [];
const down: number[] = [];
for (let i = 0; i < 5; i++) {
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
  t0 = process.hrtime.bigint();
  await curl([
    '-X',
    'POST',
    '-H',
    'content-type: application/octet-stream',
    '-T',
    file,
    `${base}/object/bench/up-${i}.bin`,
  ]);
  up.push(ms(t0));
  t0 = process.hrtime.bigint();
  await curl(['-o', path.join(work, 'down.bin'), `${base}/object/bench/up-${i}.bin`]);
  down.push(ms(t0));
}
const best = (xs: number[]) => Math.min(...xs);
// What a curl process costs by itself (spawn, connect, a tiny answer): part of every figure below.
const overhead: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = process.hrtime.bigint();
  await curl([`${base}/bucket/bench`]);
  overhead.push(ms(t0));
}
console.log(
  `curl round trip of a tiny request (included in upload and download): ${best(overhead).toFixed(1)} ms`,
);
const speed = (t: number) => `${(10 / (t / 1000)).toFixed(0)} MB/s`;
console.log('10 MB, best of 5        time      speed     vs floor');
console.log(
  `  fs copy + fsync   ${best(floorSync).toFixed(1).padStart(8)} ms  ${speed(best(floorSync)).padStart(9)}  (what a durable upload must do at least)`,
);
console.log(
  `  fs copy (floor)   ${best(floor).toFixed(1).padStart(8)} ms  ${speed(best(floor)).padStart(9)}`,
);
for (const [name, xs] of [
  ['upload', up],
  ['download', down],
] as const) {
  const ratio = best(floor) / best(xs);
  const net = best(floor) / Math.max(1, best(xs) - best(overhead));
  console.log(
    `  ${name.padEnd(16)}  ${best(xs).toFixed(1).padStart(8)} ms  ${speed(best(xs)).padStart(9)}  ${(ratio * 100).toFixed(0).padStart(5)}%  ${verdict(ratio >= 0.5)} (target ≥ 50%; ${(net * 100).toFixed(0)}% without curl's own cost)`,
  );
}

// 2. RSS growth of the server for 20 concurrent 10 MB uploads.
global.gc?.();
const rss0 = process.memoryUsage().rss;
let peak = rss0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const files = Array.from({ length: 20 }, (_, i) => {
  const f = path.join(work, `c${i}.bin`);
  fs.writeFileSync(f, Buffer.alloc(10 * MB, 100 + i));
  return f;
});
await Promise.all(
  files.map((f, i) =>
    curl([
      '-X',
      'POST',
      '-T',
      f,
      '-H',
      'content-type: application/octet-stream',
      `${base}/object/bench/c-${i}.bin`,
    ]),
  ),
);
clearInterval(sampler);
const growth = (peak - rss0) / MB;
console.log(
  `20 concurrent 10 MB uploads: RSS ${(rss0 / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB, growth ${growth.toFixed(1)} MB  ${verdict(growth < 30)} (target < 30 MB; 200 MB were uploaded)`,
);

// 3. list p95 for a page of 100 with a prefix, the bucket holding OBJECTS objects.
await db.db.execute(sql`
  insert into storage_objects (bucket_id, name, size, mime_type, sha256)
  select 'bench', 'folder-' || (g % 100) || '/file-' || lpad(g::text, 7, '0') || '.png', 1000, 'image/png', repeat('a', 64)
    from generate_series(1, ${OBJECTS}) g`);
await db.db.execute(sql`analyze storage_objects`);
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = process.hrtime.bigint();
  const res = await fetch(`${base}/object/list/bench`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      prefix: `folder-${i % 100}/`,
      limit: 100,
      offset: 0,
      sortBy: { column: 'name', order: 'asc' },
    }),
  });
  const rows = (await res.json()) as unknown[];
  times.push(ms(t0));
  if (rows.length !== 100) throw new Error(`expected 100 rows, got ${rows.length}`);
}
console.log(
  `list, page of 100 under a prefix, ${OBJECTS.toLocaleString('en')} objects (${OBJECTS / 100} per prefix), ${RUNS} runs: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms  ${verdict(pct(times, 0.95) < 50)} (target p95 < 50 ms at 100,000)`,
);

await app.close();
await db.close();
fs.rmSync(work, { recursive: true, force: true });
