import { afterAll, afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killAllServers, spawnServer } from '../test/support/spawn-server.ts';
import { fillWithMigratedCopy } from '../test/support/migrated-template.ts';
// @ts-expect-error plain .mjs scripts without types
import { buildServerIfStale } from '../../scripts/build-server-if-stale.mjs';
// @ts-expect-error plain .mjs scripts without types
import { staleReason } from '../../scripts/stale.mjs';

type StaleReason = (built: string, sources: string[], root?: string) => string | null;
const stale = staleReason as StaleReason;

/** `npm start` runs the server from a bundle it rebuilds when stale (ADR 0028). */
describe('the server bundle npm start runs', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bundle-'));
  afterEach(killAllServers);
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is stale when missing or older than any source file, and fresh otherwise', () => {
    const root = path.join(tmp, 'tree');
    fs.mkdirSync(path.join(root, 'src/deep'), { recursive: true });
    const source = path.join(root, 'src/deep/a.ts');
    fs.writeFileSync(source, 'x');
    expect(stale('out.mjs', ['src'], root)).toBe('out.mjs is missing');

    fs.writeFileSync(path.join(root, 'out.mjs'), 'built');
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(source, past, past);
    fs.utimesSync(path.join(root, 'src/deep'), past, past);
    fs.utimesSync(path.join(root, 'src'), past, past);
    expect(stale('out.mjs', ['src', 'missing.json'], root)).toBeNull();

    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(source, future, future);
    expect(stale('out.mjs', ['src'], root)).toBe('src changed since the last build');
  });

  it('starts from the bundle, answers over HTTP and closes cleanly', { timeout: 180_000 }, async () => {
    await buildServerIfStale();
    const dataDir = path.join(tmp, 'data');
    await fillWithMigratedCopy(dataDir);
    const server = await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' }, 120_000, undefined, 'bundle');
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    // The app's routes load from their chunk (a dynamic import of server.ts) and guard as from source.
    const list = await fetch(`${server.url}/api/registered-users`);
    expect(list.status).toBe(401);
    expect(server.output()).not.toMatch(/error/i);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
