import { execFileSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR, loadConfig } from '../../src/config.ts';
import { resolveAuditKey, setAuditKey, verifyAuditChain } from '../../src/modules/audit/index.ts';
import { giveLargeLimitsIn } from '../support/roles.ts';
import { createSubscriber } from '../support/subscribers.ts';
import { spawnServer, type RunningServer } from '../support/spawn-server.ts';
import { apiCall, signIn, signUp } from './auth-client.ts';
import { anonKeyOf, freePort, serverEnv, type Backend } from './backends.ts';
import { newWriteLog, runClient } from './crash-writers.ts';
import { ledgerViolations, verifyPostings, type PostingFigures } from './crash-verify-postings.ts';
import { verifySaves, type SaveFigures } from './crash-verify-saves.ts';
import { sleep } from './http.ts';
import { seededRng } from './prng.ts';

export interface CrashFigures {
  backend: string;
  seed: number;
  kills: { underLoad: number; whileStarting: number };
  postings: PostingFigures;
  saves: SaveFigures;
  auditRows: number;
  chainIntact: boolean;
  seconds: number;
  problems: string[];
}

const PASSWORD = 'crash-test-password-1';

/**
 * Clients post and save subscriptions while the server is SIGKILLed `kills` times at random moments
 * and restarted on the same data; then everything the clients learned is checked against the database.
 */
/** What a run must have acknowledged to count as exercised (the test asserts more than these). */
export const MIN_ACKED = { postings: 50, saves: 10 };

export async function runCrashScenario(
  backend: Backend,
  seed: number,
  { clients = 8, kills = 5 } = {},
): Promise<CrashFigures> {
  const started = performance.now();
  const rng = seededRng(seed);
  const port = await freePort();
  const env = serverEnv(backend, port);
  const base = `http://127.0.0.1:${port}`;

  // Fixtures straight into the database before any server runs (PGlite allows one process). Their audit
  // rows are keyed with the servers' own audit key (decision 0013), or the chain would break at row 1.
  setAuditKey(resolveAuditKey(loadConfig({ ...process.env, ...env })));
  const setup = await backend.open();
  const anonKey = await anonKeyOf(setup, env);
  const owned = [];
  for (let i = 0; i < clients; i++) {
    const s = await createSubscriber(setup.db, {
      name: `Crash Customer ${i}`,
      mobile: `+23277${String(i).padStart(6, '0')}`,
      balance: '100000.00',
    });
    owned.push({ custId: s.custId, accountNumber: s.accountNumber, version: 1 });
  }
  await setup.close();

  let server: RunningServer = await spawnServer(env);
  const admin = await signUp(base, anonKey, 'crash.admin@bank.sl', PASSWORD);
  await apiCall(base, admin, 'POST', '/api/users/activate-first-user');
  // A superuser posts directly only within a role's limits (else every posting waits for a checker):
  // the first user gets a test role with the largest, written while no server holds the database.
  server.proc.kill('SIGTERM');
  await server.exited;
  const roles = await backend.open();
  await giveLargeLimitsIn(roles.db, admin.userId);
  await roles.close();
  server = await spawnServer(env);
  const log = newWriteLog();
  let stop = false;
  const loops = [];
  for (let i = 0; i < clients; i++) {
    const { session } = await signIn(base, anonKey, 'crash.admin@bank.sl', PASSWORD);
    if (!session) throw new Error('sign-in failed');
    loops.push(
      runClient({
        index: i,
        base,
        session,
        rng: seededRng(seed + 1 + i),
        accounts: owned.map((o) => o.accountNumber),
        own: owned[i]!,
        log,
        stopped: () => stop,
      }),
    );
  }

  const killed = { underLoad: 0, whileStarting: 0 };
  for (let k = 0; k < kills; k++) {
    await sleep(rng.int(300, 2500));
    server.proc.kill('SIGKILL');
    await server.exited;
    killed.underLoad++;
    // Now and then the restart is killed too, while it opens the database and recovers.
    while (rng.chance(0.3)) if (await startAndKill(env, rng.int(100, 1500))) killed.whileStarting++;
    server = await spawnServer(env);
  }
  // Some writes on the last server too, and enough in all to have exercised something, however slow
  // the machine: the clients go on until then (at most a minute more).
  await sleep(1500);
  const acked = () => ({
    postings: [...log.postings.values()].filter((p) => p.state === 'acked').length,
    saves: log.saves.filter((s) => s.state === 'acked').length,
  });
  for (let waited = 0; waited < 60_000; waited += 250) {
    const a = acked();
    if (a.postings > MIN_ACKED.postings && a.saves > MIN_ACKED.saves) break;
    await sleep(250);
  }
  stop = true;
  await Promise.all(loops);
  server.proc.kill('SIGTERM');
  if ((await server.exited) !== 0) throw new Error(`server did not stop cleanly:\n${server.output()}`);

  // The operator's own check first (npm run audit:verify), then the detailed one in-process.
  const verifyOut = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/modules/audit/cli/verify.ts')],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  const problems = [...log.unexpected];
  if (!/Audit chain intact/.test(verifyOut)) problems.push(`audit:verify said: ${verifyOut}`);
  const check = await backend.open();
  try {
    const postings = await verifyPostings(check.db, log.postings, problems);
    const saves = await verifySaves(
      check.db,
      owned.map((o) => ({ custId: o.custId, initialVersion: 1 })),
      log.saves,
      problems,
    );
    problems.push(...(await ledgerViolations(check.db)));
    // The servers' audit key and checkpoint (decision 0013), as the CLI above resolves them.
    const configured = loadConfig({ ...process.env, ...env });
    const chain = await verifyAuditChain(check.db, {
      key: resolveAuditKey(configured),
      checkpointFile: configured.audit.checkpointFile,
    });
    if (!chain.ok) problems.push(`audit chain broken at row ${chain.firstBrokenId}`);
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    return {
      backend: backend.name,
      seed,
      kills: killed,
      postings,
      saves,
      auditRows: chain.rows,
      chainIntact: chain.ok,
      seconds,
      problems,
    };
  } finally {
    await check.close();
  }
}

/** Starts a server and SIGKILLs it after `ms`; true when it was killed before it was ready. */
async function startAndKill(env: Record<string, string>, ms: number): Promise<boolean> {
  let proc: ChildProcess | undefined;
  let ready = false;
  const settled = spawnServer(env, 60_000, (p) => (proc = p)).then(
    (s) => ((ready = true), s.exited),
    () => undefined, // it died before it was ready: that was the point
  );
  await sleep(ms);
  const early = !ready;
  proc?.kill('SIGKILL');
  await settled;
  return early;
}

/** One line per backend, in the words docs/reliability.md uses. */
export function describeFigures(f: CrashFigures): string {
  const p = f.postings;
  const s = f.saves;
  return (
    `crash[${f.backend}] seed=${f.seed} kills=${f.kills.underLoad} under load + ${f.kills.whileStarting} while starting | postings acknowledged=${p.acked} (on a retry ${p.ackedOnRetry}, of which replays ${p.replayed}) ` +
    `refused=${p.refused} unacknowledged=${p.unknownPresent + p.unknownAbsent} (whole ${p.unknownPresent}, absent ${p.unknownAbsent}) lost=${p.lost} | ` +
    `subscription saves acknowledged=${s.acked} stale=${s.stale} unacknowledged applied=${s.unknownApplied} not applied=${s.unknownNotApplied} lost=${s.lost} | ` +
    `audit rows=${f.auditRows} chain intact=${f.chainIntact} | ${f.seconds} s`
  );
}
