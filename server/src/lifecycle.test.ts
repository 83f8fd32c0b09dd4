import { afterAll, afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from './db/client.ts';
import { eq } from 'drizzle-orm';
import { appMeta } from './db/schema/system.ts';
import { auditLog } from './db/schema/audit.ts';
import { bankBusinessDate } from './db/schema/ledger.ts';
import { BULK_LOAD_KEY } from './db/seed/banking/bulk-load.ts';
import { SEEDED_KEY } from './db/seed/index.ts';
import { killAllServers, spawnServer } from '../test/support/spawn-server.ts';

/** The real server process on a real DATA_DIR: what `npm start` does, minus the SPA build. */
describe('server lifecycle (embedded PGlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-lifecycle-'));
  const env = { DATA_DIR: dataDir, DEMO_DATA: 'true' };
  // The bank opens on a chosen business date on its first start; a later start names another date,
  // which must not move the one the bank already has.
  const OPENING = '2030-06-28';
  afterEach(killAllServers);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // Three real server starts: generous timeouts, since CI machines may be busy.
  it(
    'seeds on first start, recovers after SIGKILL, shuts down cleanly, and keeps its data',
    { timeout: 180_000 },
    async () => {
      const first = await spawnServer({ ...env, OPENING_BUSINESS_DATE: OPENING });
      expect(first.output()).toContain('Seeding demo data');
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      const lockFile = path.join(dataDir, 'server.lock');
      expect(fs.existsSync(lockFile)).toBe(true);

      // Killed while idle: no chance to close PGlite or remove the lock.
      first.proc.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      const second = await spawnServer({ ...env, OPENING_BUSINESS_DATE: '2030-07-31' });
      expect(second.output()).not.toContain('Seeding demo data'); // it found the first run's data
      const health = await fetch(`${second.url}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

      // SIGTERM: graceful close, exit code 0, lock released.
      second.proc.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(fs.existsSync(lockFile)).toBe(false);

      const third = await spawnServer(env);
      expect(third.output()).not.toContain('Seeding demo data');
      third.proc.kill('SIGTERM');
      expect(await third.exited).toBe(0);

      const db = await openDatabase({ dataDir });
      const rows = await db.db.select().from(appMeta);
      const [date] = await db.db.select().from(bankBusinessDate);
      const openings = await db.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'eod.business_date_open'));
      await db.close();
      expect(rows.map((r) => r.key)).toContain(SEEDED_KEY);
      expect(date?.businessDate).toBe(OPENING);
      expect(openings.map((a) => a.targetId)).toEqual([OPENING]);
    },
  );

  it('will not start over a bulk seed that was killed part-way', { timeout: 120_000 }, async () => {
    const db = await openDatabase({ dataDir });
    await db.db.insert(appMeta).values({ key: BULK_LOAD_KEY, value: '{"indexes":[],"foreignKeys":[]}' });
    await db.close();
    await expect(spawnServer(env)).rejects.toThrow(/exited \(1\)[\s\S]*interrupted bulk seed[\s\S]*db:seed/);
    const again = await openDatabase({ dataDir });
    await again.db.delete(appMeta).where(eq(appMeta.key, BULK_LOAD_KEY));
    await again.close();
  });

  it('refuses a second server on the same data directory', { timeout: 120_000 }, async () => {
    const running = await spawnServer(env);
    await expect(spawnServer(env)).rejects.toThrow(/in use by another server process/);
    running.proc.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });
});
