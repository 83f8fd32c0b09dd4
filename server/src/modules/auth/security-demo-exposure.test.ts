import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverCommand } from '../../../test/support/spawn-server.ts';
import { fillWithMigratedCopy } from '../../../test/support/migrated-template.ts';
import { openDatabase } from '../../db/client.ts';
import { appMeta } from '../../db/schema/system.ts';
import { SEEDED_KEY } from '../../db/seed/index.ts';

/** A non-loopback IPv4 address of this machine, if it has one. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/**
 * Finding 13 of the security review (docs/security.md): in embedded demo mode the server listened on
 * 0.0.0.0 and its page serves the demo superuser's credentials to anyone who can reach it. The real
 * server process, started in demo mode without HOST, must answer on loopback only and say how to expose
 * it on purpose.
 */
describe('security: demo mode stays on loopback (finding 13)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-demo-exposure-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "answers on loopback, not on the machine's other addresses, and prints how to expose it",
    { timeout: 180_000 },
    async () => {
      // Neither the migrations nor the demo seed are what this tests: a migrated copy, marked as seeded
      // (seeding 2,000 customers on PGlite was about 3.5 of its 12 s).
      await fillWithMigratedCopy(dataDir);
      const db = await openDatabase({ dataDir });
      await db.db.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
      await db.close();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      };
      delete env.HOST;
      delete env.DATABASE_URL;
      child = spawn(process.execPath, serverCommand(), {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /ready at http:\/\/[^:]+:(\d+)/.exec(out);
          if (m && out.includes('HOST=0.0.0.0')) {
            clearInterval(timer);
            resolve(Number(m[1]));
          } else if (child!.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`server exited:\n${out}`));
          }
        }, 200);
      });
      expect(out).toMatch(/Listening on localhost only/);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      if (outsideAddress) {
        await expect(fetch(`http://${outsideAddress}:${port}/api/health`)).rejects.toThrow();
      }
    },
  );
});
