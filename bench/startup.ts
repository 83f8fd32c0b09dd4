// Start-up: the embedded demo server on PGlite started cold once (migrations and the demo seed on a new
// DATA_DIR), then restarted warm `--runs` times on the same directory. For each start: the time from
// spawning the process to the first 200 from /api/health, and the server's own phases (LOG_LEVEL=debug,
// server/src/lib/startup-phases.ts) side by side. Run for the prebuilt bundle `npm start` runs
// (server/dist/server.mjs, rebuilt here when stale) and, as its floor's opposite, for the TypeScript
// source through tsx (tests, `npm run dev`), so the cost of loading the code shows in one run.
// Target (ADR 0028): a warm restart of the bundle healthy within 2 s (median). Exit 1 above it.
//   npm run bench:startup [-- --runs 5] [--server bundle|source|both]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT_DIR } from '../server/src/config.ts';
// @ts-expect-error a plain .mjs script without types
import { buildServerIfStale, SERVER_BUNDLE } from '../scripts/build-server-if-stale.mjs';

const TARGET_MS = 2000;
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, server: { type: 'string', default: 'both' } },
});
const runs = Number(values.runs);
const COMMANDS = {
  bundle: ['--enable-source-maps', path.join(ROOT_DIR, SERVER_BUNDLE as string)],
  source: ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/server.ts')],
};
type Mode = keyof typeof COMMANDS;
const modes: Mode[] = values.server === 'both' ? ['bundle', 'source'] : [values.server as Mode];
if (!modes.every((m) => m in COMMANDS)) throw new Error('--server is bundle, source or both');

interface Start {
  healthyMs: number;
  phases: Map<string, number>;
}

/** A port that was free a moment ago (health is polled from the spawn on, before the server says where). */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

async function start(mode: Mode, dataDir: string): Promise<Start> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = spawn(process.execPath, COMMANDS[mode], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise((r) => proc.on('exit', r));
  let healthyMs = NaN;
  for (const deadline = t0 + 120_000; performance.now() < deadline && proc.exitCode === null;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      healthyMs = performance.now() - t0;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  proc.kill('SIGTERM');
  await exited;
  if (Number.isNaN(healthyMs)) throw new Error(`server never became healthy:\n${out}`);
  const phases = new Map<string, number>();
  for (const line of out.split('\n')) {
    if (!line.includes('"startupPhase"')) continue;
    const { startupPhase, ms, overlapped } = JSON.parse(line) as {
      startupPhase: string;
      ms: number;
      overlapped?: boolean;
    };
    phases.set(overlapped ? `  ${startupPhase} (overlapped)` : startupPhase, ms);
  }
  return { healthyMs, phases };
}

if (modes.includes('bundle')) {
  const rebuilt = (await buildServerIfStale()) as string | null;
  if (rebuilt) console.log(`bundled the server first (${rebuilt})`);
}

/** One cold start and `runs` warm restarts on a new DATA_DIR. */
async function series(mode: Mode): Promise<[string, Start][]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-startup-'));
  const starts: [string, Start][] = [];
  try {
    starts.push(['cold', await start(mode, dataDir)]);
    for (let i = 1; i <= runs; i++) starts.push([`warm ${i}`, await start(mode, dataDir)]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return starts;
}

function print(mode: Mode, starts: [string, Start][]): number {
  const names = [...new Set(starts.flatMap(([, s]) => [...s.phases.keys()]))];
  const w = Math.max(...names.map((n) => n.length), 'healthy /api/health'.length) + 2;
  const row = (label: string, cells: (number | undefined)[]) =>
    console.log(
      label.padEnd(w) +
        cells.map((c) => (c === undefined ? '—' : `${Math.round(c)} ms`).padStart(10)).join(''),
    );
  console.log(
    `\nstart-up phases of the embedded demo server from the ${mode === 'bundle' ? `bundle (${SERVER_BUNDLE}, as npm start)` : 'TypeScript source through tsx'} (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  console.log(''.padEnd(w) + starts.map(([n]) => n.padStart(10)).join(''));
  for (const name of names)
    row(
      name,
      starts.map(([, s]) => s.phases.get(name)),
    );
  row(
    'healthy /api/health',
    starts.map(([, s]) => s.healthyMs),
  );
  const warm = starts
    .slice(1)
    .map(([, s]) => s.healthyMs)
    .sort((a, b) => a - b);
  return warm[Math.floor(warm.length / 2)]!;
}

const medians = new Map<Mode, number>();
for (const mode of modes) medians.set(mode, print(mode, await series(mode)));
console.log('');
for (const [mode, median] of medians) {
  const verdict =
    mode === 'bundle' ? ` (target ≤ ${TARGET_MS} ms) ${median <= TARGET_MS ? 'PASS' : 'FAIL'}` : '';
  console.log(`warm restart from the ${mode}, median of ${runs}: ${Math.round(median)} ms${verdict}`);
}
if ((medians.get('bundle') ?? 0) > TARGET_MS) process.exitCode = 1;
