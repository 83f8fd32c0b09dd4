import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.ts';
import { generatePrivateJwk } from '../src/modules/auth/signing-keys.ts';

// README.md's production paragraph is what an operator follows. Its first sentence names the variables
// production requires; the real server process, started with exactly those (and a free PORT) on a new
// PostgreSQL database, must come up healthy. A variable production needs that the README leaves out
// (as AUDIT_HMAC_KEY once was) stops the start, and this test with it. PostgreSQL only: on the PGlite
// run server/vitest.config.ts leaves this file out.

/** `NAME` or `NAME=value` from each backticked variable of the paragraph's first sentence. */
function productionVariables(readme: string): Map<string, string | undefined> {
  const start = readme.indexOf('\nProduction:');
  if (start < 0) throw new Error('README.md has no paragraph starting "Production:"');
  const paragraph = readme.slice(start + 1).split(/\n\s*\n/)[0] ?? '';
  const firstSentence = paragraph.split(/\.\s/)[0] ?? '';
  const vars = new Map<string, string | undefined>();
  for (const [, name, value] of firstSentence.matchAll(/`([A-Z][A-Z0-9_]*)(?:=([^`]*))?`/g)) {
    if (name) vars.set(name, value);
  }
  return vars;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const dbName = `bm_prod_start_${randomBytes(6).toString('hex')}`;

describe("README.md's production variables start a healthy server", () => {
  let proc: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // An empty database, as an operator's would be: the server migrates it from nothing.
    await admin.query(`create database ${dbName}`);
    await admin.end();
  });

  afterAll(async () => {
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((resolve) => proc?.once('exit', resolve));
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('GET /api/health answers ok', async () => {
    const named = productionVariables(fs.readFileSync(path.join(ROOT_DIR, 'README.md'), 'utf8'));
    expect([...named.keys()]).toEqual(expect.arrayContaining(['DATABASE_URL']));

    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${dbName}`;
    // A value for each variable the README names; one this test cannot fill is a README it cannot check.
    const values: Record<string, () => Promise<string> | string> = {
      DATABASE_URL: () => databaseUrl.toString(),
      AUTH_JWT_PRIVATE_KEY: async () => JSON.stringify(await generatePrivateJwk()),
      AUDIT_HMAC_KEY: () => randomBytes(32).toString('hex'),
    };
    const env: Record<string, string> = {};
    for (const [name, given] of named) {
      const make = values[name];
      if (given !== undefined) env[name] = given;
      else if (make) env[name] = await make();
      else throw new Error(`README.md names ${name} without a value, and this test has none to give it`);
    }
    const port = await freePort();
    env.PORT = String(port);

    // The source entry through tsx, as spawn-server.ts starts it, but with nothing of this process's
    // environment: only what the README names.
    proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/server.ts')], {
      cwd: ROOT_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr?.on('data', (c: Buffer) => (output += c.toString()));

    const deadline = Date.now() + 100_000;
    let answer: { status: number; body: unknown } | undefined;
    while (Date.now() < deadline && proc.exitCode === null) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        answer = { status: res.status, body: await res.json() };
        if (res.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(answer, `no answer from the server; it printed:\n${output}`).toBeDefined();
    expect(answer?.status, output).toBe(200);
    expect(answer?.body).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
