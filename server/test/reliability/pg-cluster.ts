import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../src/config.ts';

const script = path.join(ROOT_DIR, 'scripts/pg-cluster.sh');

/** A throwaway PostgreSQL cluster of our own, which a test may stop and start at will. */
export function startCluster(): { dir: string; url: string; pause(): void; resume(): void; stop(): void } {
  const out = execFileSync('bash', [script, 'start'], { encoding: 'utf8' });
  const dir = /PG_CLUSTER_DIR=(\S+)/.exec(out)?.[1];
  const url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1];
  if (!dir || !url) throw new Error(`pg-cluster.sh start printed no cluster: ${out}`);
  const run = (cmd: string) => execFileSync('bash', [script, cmd, dir], { stdio: 'inherit' });
  return { dir, url, pause: () => run('pause'), resume: () => run('resume'), stop: () => run('stop') };
}
