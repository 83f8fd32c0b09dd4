import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { ROOT_DIR } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { openDatabase } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, createTestDb, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { setAuditKey, writeAudit } from '../audit/index.ts';
import { adminClient } from '../../../test/support/admin-support.ts';

/** Changes audit_log as its owner would, switching the append-only trigger off for one statement. */
async function behindTheTriggersBack(db: Database, change: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await tx.execute(change);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  });
}

const ids = async (db: Database) =>
  (await queryRows<{ id: string | number }>(db, sql`select id from audit_log order by id`)).map((r) =>
    Number(r.id),
  );

async function writeSome(db: Database, n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await writeAudit(db, { action: 'test.chain', outcome: 'success', targetId: String(i), details: { i } });
}

/** `npm run audit:verify` as an operator runs it. */
function runCli(env: Record<string, string>) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/modules/audit/cli/verify.ts')],
    {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('audit chain verification', () => {
  let t: TestApp;
  let root: StaffUser;
  let c: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    t = await createTestApp();
    root = await (await staffUsers(t.app)).make('superuser', 'root');
    c = adminClient(t.app);
    await writeSome(t.db.db, 8);
  });
  afterAll(() => t.close());

  const verify = async () => {
    const res = await c.post('/api/admin/audit/verify', root.auth);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('the append-only trigger refuses UPDATE and DELETE through normal SQL', async () => {
    await expect(t.db.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.db.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('an untouched chain verifies, and the check itself is audited', async () => {
    const n = (await ids(t.db.db)).length;
    expect(await verify()).toEqual({ ok: true, rows: n });
    const [row] = await queryRows<{ outcome: string; details: unknown }>(
      t.db.db,
      sql`select outcome, details from audit_log where action = 'audit.verify' order by id desc limit 1`,
    );
    expect(row).toEqual({ outcome: 'success', details: { ok: true, rows: n } });
  });

  it('names the row after a deleted one, then an earlier edited row, then an earlier re-hashed row', async () => {
    const all = await ids(t.db.db);
    // 1. A row removed: the next row of its chain (decision 0020) no longer links.
    const nextInChain = () =>
      queryRows<{ id: string }>(
        t.db.db,
        sql`select n.id from audit_log r join audit_log n on n.chain = r.chain and n.id > r.id
            where r.id = ${all[6]} order by n.id limit 1`,
      );
    // Which chain a row joins depends on transaction ids, shared with other tests on PostgreSQL.
    let [next] = await nextInChain();
    for (let i = 0; !next && i < 200; i++) {
      await writeSome(t.db.db, 1);
      [next] = await nextInChain();
    }
    expect(next).toBeDefined();
    await behindTheTriggersBack(t.db.db, sql`delete from audit_log where id = ${all[6]}`);
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: Number(next!.id) });
    // 2. A row's content edited: its own hash no longer matches.
    await behindTheTriggersBack(
      t.db.db,
      sql`update audit_log set details = '{"i": 99}'::jsonb where id = ${all[4]}`,
    );
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: all[4] });
    // 3. Edited and re-hashed by someone who knows the formula: the next row's link breaks.
    await behindTheTriggersBack(t.db.db, sql`update audit_log set target_id = 'forged' where id = ${all[2]}`);
    await behindTheTriggersBack(
      t.db.db,
      sql`update audit_log a set hash = audit_row_hash(a.prev_hash, a) where id = ${all[2]}`,
    );
    const [forged] = await queryRows<{ ok: boolean }>(
      t.db.db,
      sql`select hash = audit_row_hash(prev_hash, a) as ok from audit_log a where id = ${all[2]}`,
    );
    expect(forged?.ok).toBe(true);
    // The chain is keyed (decision 0013): without the key the re-hashed row itself no longer matches.
    const broken = await verify();
    expect(broken).toMatchObject({ ok: false, firstBrokenId: all[2], rows: expect.any(Number) });
  });
});

describe('npm run audit:verify', () => {
  it('exits 0 on an intact chain and 1 naming the first broken row', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-audit-'));
    const url = process.env.TEST_DATABASE_URL ? await createTestDb() : undefined;
    try {
      // PGlite on disk (the embedded default), or a fresh PostgreSQL database under test:pg.
      const handle = url ?? (await openDatabase({ dataDir }));
      if (!url) await runMigrations(handle);
      // The operator's CLI and this process must HMAC with the same key (decision 0013).
      const key = 'an-audit-key-for-this-test-only-0123456789';
      setAuditKey(Buffer.from(key));
      await writeSome(handle.db, 5);
      const env: Record<string, string> = {
        AUDIT_HMAC_KEY: key,
        // DATA_DIR also with DATABASE_URL: the checkpoint file lives there, never in the developer's ./.data.
        DATA_DIR: dataDir,
        ...(url?.url ? { DATABASE_URL: url.url } : {}),
      };
      const all = await ids(handle.db);
      if (!url) await handle.close();

      const ok = runCli(env);
      expect(ok.out).toContain('Audit chain intact: 5 rows verified');
      expect(ok.code).toBe(0);

      const again = url ?? (await openDatabase({ dataDir }));
      await behindTheTriggersBack(
        again.db,
        sql`update audit_log set action = 'test.forged' where id = ${all[1]}`,
      );
      if (!url) await again.close();
      const broken = runCli(env);
      expect(broken.out).toContain(`Audit chain BROKEN at row ${all[1]} (of 5 rows)`);
      expect(broken.out).toContain('test.forged');
      expect(broken.code).toBe(1);
    } finally {
      await url?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
