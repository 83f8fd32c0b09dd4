import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killAllServers, spawnServer } from '../support/spawn-server.ts';
import { freePort, pgliteBackend, postgresBackend, serverEnv } from './backends.ts';
import { sleep } from './http.ts';
import {
  brokenObjects,
  randomContent,
  serviceKeyOf,
  storageHeaders,
  uploadBytes,
} from './storage-servers.ts';

const createBucket = (base: string, key: string, name: string) =>
  fetch(`${base}/storage/v1/bucket`, {
    method: 'POST',
    headers: { ...storageHeaders(key), 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });

describe('storage under crashes and with two servers (npm run test:storage-reliability)', () => {
  afterAll(() => killAllServers());

  it('SIGKILL during uploads leaves no object with missing or wrong bytes; restart sweeps the debris', async () => {
    const backend = pgliteBackend();
    const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-storage-crash-'));
    const port = await freePort();
    const env = serverEnv(backend, port, { STORAGE_DIR: storageDir });
    let handle = await backend.open();
    const key = await serviceKeyOf(handle, env);
    await handle.close();
    let seq = 0;
    for (let round = 0; round < 4; round++) {
      const server = await spawnServer(env);
      if (round === 0) expect((await createBucket(server.url, key, 'crash')).status).toBe(200);
      let stop = false;
      const writers = Array.from({ length: 6 }, async () => {
        while (!stop)
          await uploadBytes(server.url, key, 'crash', `o-${seq++}.bin`, randomContent(20_000, 600_000));
      });
      await sleep(1500 + Math.random() * 1500);
      server.proc.kill('SIGKILL');
      await server.exited;
      stop = true;
      await Promise.all(writers);
    }
    // A clean start sweeps orphans (embedded: one server per directory, so all of them).
    const last = await spawnServer(env);
    last.proc.kill('SIGTERM');
    await last.exited;
    handle = await backend.open();
    const { objects, broken } = await brokenObjects(handle, storageDir);
    await handle.close();
    console.log(
      `storage crash: ${seq} uploads started, ${objects} objects committed, ${broken.length} broken`,
    );
    expect(objects).toBeGreaterThan(0);
    expect(broken).toEqual([]);
    expect(fs.readdirSync(path.join(storageDir, 'tmp'))).toEqual([]);
    backend.dispose();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('two servers share one STORAGE_DIR and one PostgreSQL', async () => {
    const backend = await postgresBackend();
    const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-storage-two-'));
    const [pa, pb] = [await freePort(), await freePort()];
    const handle = await backend.open();
    const key = await serviceKeyOf(handle, serverEnv(backend, pa));
    const a = await spawnServer(serverEnv(backend, pa, { STORAGE_DIR: storageDir }));
    const b = await spawnServer(serverEnv(backend, pb, { STORAGE_DIR: storageDir }));
    try {
      expect((await createBucket(a.url, key, 'shared')).status).toBe(200);
      // The same bytes through both servers at once (one blob, two rows), and distinct bytes.
      const same = randomContent(200_000, 400_000);
      const statuses = await Promise.all([
        ...Array.from({ length: 5 }, (_, i) => uploadBytes(a.url, key, 'shared', `same-a-${i}`, same)),
        ...Array.from({ length: 5 }, (_, i) => uploadBytes(b.url, key, 'shared', `same-b-${i}`, same)),
        ...Array.from({ length: 10 }, (_, i) =>
          uploadBytes(i % 2 ? a.url : b.url, key, 'shared', `d-${i}`, randomContent(1000, 100_000)),
        ),
      ]);
      expect(statuses.every((s) => s === 200)).toBe(true);
      // Written through one, read through the other.
      const res = await fetch(`${b.url}/storage/v1/object/shared/same-a-0`, { headers: storageHeaders(key) });
      expect(Buffer.from(await res.arrayBuffer()).equals(same)).toBe(true);
      const taken = await uploadBytes(b.url, key, 'shared', 'same-a-0', same);
      expect(taken).toBe(409);
      const { objects, broken } = await brokenObjects(handle, storageDir);
      expect(objects).toBe(20);
      expect(broken).toEqual([]);
    } finally {
      a.proc.kill('SIGTERM');
      b.proc.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
      await handle.close();
      backend.dispose();
      fs.rmSync(storageDir, { recursive: true, force: true });
    }
  });
});
