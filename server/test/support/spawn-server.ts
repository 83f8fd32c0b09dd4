import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../src/config.ts';

export interface RunningServer {
  url: string;
  proc: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Starts the real `server.ts` as a child process, the way `npm start` does, and resolves once it
 * prints its URL. Used by lifecycle tests (restart, SIGKILL) and the e2e tier.
 */
const running = new Set<ChildProcess>();

/** Kills every server a test started and did not stop (a failed assertion must not leak processes). */
export function killAllServers(): void {
  for (const p of running) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  running.clear();
}

/** SERVER_CPU_PROF_DIR=dir: the server writes a V8 CPU profile there when it exits (bench/README.md). */
const cpuProfile = () => {
  const dir = process.env.SERVER_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
};

/** How a server process runs: from the TypeScript source through tsx, or from `npm start`'s bundle. */
const COMMANDS = {
  source: [...cpuProfile(), '--import', 'tsx', path.join(ROOT_DIR, 'server/src/server.ts')],
  bundle: ['--enable-source-maps', path.join(ROOT_DIR, 'server/dist/server.mjs')],
};

/**
 * Where a server starts from when the caller does not say. CI builds `npm start`'s bundle once, before
 * any test, and sets SPAWN_SERVER_FROM=bundle: about 2 CPU s less per start than tsx (dozens of starts
 * in the lifecycle, fuzz and reliability tests), and the artefact production runs is the one tested.
 * Elsewhere the TypeScript source, so a developer's edit is always what runs.
 */
export function defaultServerFrom(): keyof typeof COMMANDS {
  return process.env.SPAWN_SERVER_FROM === 'bundle' ? 'bundle' : 'source';
}

/** The node arguments that run the server `from` the source or the bundle. */
export function serverCommand(from: keyof typeof COMMANDS = defaultServerFrom()): string[] {
  return COMMANDS[from];
}

/**
 * `onSpawn` gets the process at once, before it is ready (crash tests kill servers while they start).
 * `from: 'bundle'` expects server/dist to be built (scripts/build-server-if-stale.mjs). The start may
 * take minutes on a shared, loaded machine (a start then gets a few percent of a core): a late start is
 * not a failure of what the test checks.
 */
export function spawnServer(
  env: Record<string, string>,
  timeoutMs = 180_000,
  onSpawn?: (proc: ChildProcess) => void,
  from: keyof typeof COMMANDS = defaultServerFrom(),
): Promise<RunningServer> {
  const proc = spawn(process.execPath, serverCommand(from), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  onSpawn?.(proc);
  let out = '';
  const exited = new Promise<number | string>((resolve) =>
    proc.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /BankManager is ready at (\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], proc, output: () => out, exited });
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${out}`));
    });
  });
}
