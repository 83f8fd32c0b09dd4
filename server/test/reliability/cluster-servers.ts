import { spawnServer, type RunningServer } from '../support/spawn-server.ts';
import type { DbHandle } from '../../src/db/client.ts';
import { anonKeyOf, postgresBackend, serverEnv, type Backend } from './backends.ts';

/** Two server processes on one PostgreSQL database, as behind a load balancer. */
export interface TwoServers {
  backend: Backend;
  a: RunningServer;
  b: RunningServer;
  /** Both base URLs; `pick(i)` alternates between them. */
  pick: (i: number) => string;
  anonKey: string;
  /** The same database, from the test process (PostgreSQL allows it while the servers run). */
  db: DbHandle;
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts both servers at the same moment on a fresh database, so they also race through the
 * migrations and the generation of the signing key (both must end up with the same key).
 * The refresh-token reuse interval is 1 s, so reuse detection is tested without long sleeps.
 */
export async function startTwoServers(): Promise<TwoServers> {
  const backend = await postgresBackend('bm_cluster');
  const env = serverEnv(backend, 0, { AUTH_REFRESH_REUSE_INTERVAL_SECONDS: '1', AUTH_LOCKOUT_ATTEMPTS: '5' });
  const [a, b] = await Promise.all([spawnServer(env, 120_000), spawnServer(env, 120_000)]);
  const db = await backend.open();
  const anonKey = await anonKeyOf(db, env);
  const urls = [a.url, b.url];
  return {
    backend,
    a,
    b,
    pick: (i) => urls[i % 2]!,
    anonKey,
    db,
    env,
    close: async () => {
      for (const s of [a, b]) s.proc.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
      await db.close();
      backend.dispose();
    },
  };
}
