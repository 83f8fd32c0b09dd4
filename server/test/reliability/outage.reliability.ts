import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../../src/config.ts';
import { killAllServers, spawnServer, type RunningServer } from '../support/spawn-server.ts';
import { startCluster } from './pg-cluster.ts';

/** Milliseconds a request took, and its answer. */
async function timed(
  url: string,
  init?: RequestInit,
): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const body: unknown = await res.json().catch(() => null);
  return { ms: performance.now() - started, status: res.status, body };
}

describe('database outage (PostgreSQL stopped under a running server)', () => {
  let cluster: ReturnType<typeof startCluster>;
  let server: RunningServer;
  let token = '';
  let anonKey = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-outage-'));

  beforeAll(async () => {
    cluster = startCluster();
    const env = {
      DATABASE_URL: cluster.url,
      // Its own: the generated audit key and the chain's checkpoint live there (not the shared ./.data).
      DATA_DIR: dataDir,
      AUTH_GENERATE_KEYS: 'true',
      DEMO_DATA: 'true',
      DB_QUERY_TIMEOUT_MS: '3000',
    };
    server = await spawnServer(env, 120_000);
    anonKey = /ANON_KEY=(\S+)/.exec(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/modules/auth/cli/keys.ts')],
        {
          env: { ...process.env, ...env },
          encoding: 'utf8',
        },
      ),
    )![1]!;
    const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@bankmanager.sl', password: 'Demo-Leone-2026' }),
    });
    token = ((await signIn.json()) as { access_token: string }).access_token;
    expect(token).toBeTruthy();
  });
  afterAll(() => {
    killAllServers();
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 quickly while the database is down, stays up, and recovers without a restart', async () => {
    const api = `${server.url}/api/registered-users?page=1`;
    const auth = { headers: { authorization: `Bearer ${token}` } };
    expect((await timed(`${server.url}/api/health`)).status).toBe(200);
    expect((await timed(api, auth)).status).toBe(200);

    cluster.pause();
    const health = await timed(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'error', database: 'unavailable' });
    expect(health.ms).toBeLessThan(10_000); // a bounded wait, not a hang

    for (const [url, init] of [
      [api, auth],
      [`${server.url}/api/user/status`, auth],
      [`${server.url}/api/dashboard`, auth],
    ] as const) {
      const r = await timed(url, init);
      expect(r.status, url).toBe(503);
      expect(r.body, url).toMatchObject({ error: expect.any(String) });
      expect(r.ms, url).toBeLessThan(10_000);
    }
    // Sign-in answers a retryable 5xx too (never 400/401, which would sign the user out).
    const signIn = await timed(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@bankmanager.sl', password: 'Demo-Leone-2026' }),
    });
    expect(signIn.status).toBe(503);
    expect(server.proc.exitCode).toBeNull(); // still running

    cluster.resume();
    let back = 0;
    for (let i = 0; i < 60 && back !== 200; i++) {
      back = (await timed(`${server.url}/api/health`)).status;
      if (back !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect(back).toBe(200);
    expect((await timed(api, auth)).status).toBe(200);
  });
});
