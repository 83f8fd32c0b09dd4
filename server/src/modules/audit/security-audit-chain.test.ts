import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, createTestDb, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers } from '../../../test/support/staff-users.ts';
import { auditKey } from './audit-key.ts';
import { writeCheckpoint, type AuditCheckpoint } from './checkpoint.ts';
import { writeAudit } from './write-audit.ts';

/**
 * Finding 12 of the security review (docs/security.md): an attacker who reaches the database as the
 * table's owner switches the triggers off, rewrites rows and recomputes the chain, or removes the
 * newest rows. The keyed chain and the signed checkpoint outside the database must expose both (POST
 * /api/admin/audit/verify).
 */
describe('security: keyed audit chain and checkpoint (over HTTP)', () => {
  let t: TestApp | undefined;
  let dir = '';
  afterEach(async () => {
    await t?.close();
    t = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-audit-cp-'));
    const checkpointFile = path.join(dir, 'audit-checkpoint.json');
    t = await createTestApp({ audit: { hmacKey: undefined, checkpointFile, checkpointIntervalMs: 60_000 } });
    const staff = await staffUsers(t.app);
    const root = await staff.make('superuser', 'root');
    for (let i = 0; i < 6; i++)
      await writeAudit(t.db.db, {
        action: 'test.chain',
        outcome: 'success',
        targetId: String(i),
        details: { i },
      });
    const verify = async () => {
      const res = await fetch(`${staff.baseUrl}/api/admin/audit/verify`, {
        method: 'POST',
        headers: { authorization: root.auth },
      });
      expect(res.status).toBe(200);
      return res.json() as Promise<Record<string, unknown>>;
    };
    // The minute's checkpoint, taken now rather than waited for.
    await writeCheckpoint(t.db.db, checkpointFile, auditKey());
    return { db: t.db.db, verify, checkpointFile };
  }

  const ids = async (db: Database) =>
    (await queryRows<{ id: string | number }>(db, sql`select id from audit_log order by id`)).map((r) =>
      Number(r.id),
    );

  /** As the owner: every trigger of the table off for one transaction. */
  async function triggersOff(db: Database, ...changes: SQL[]) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger user`);
      await tx.execute(sql`alter table audit_chain_meta disable trigger user`);
      for (const c of changes) await tx.execute(c);
      await tx.execute(sql`alter table audit_log enable trigger user`);
      await tx.execute(sql`alter table audit_chain_meta enable trigger user`);
    });
  }

  /** The attacker's recomputation: the published (unkeyed) formula, row by row from `fromId`. */
  const rechain = (rowIds: number[]) =>
    rowIds.map(
      (id) => sql`update audit_log a set prev_hash = p.h, hash = audit_row_hash(p.h, a)
                  from (select coalesce((select hash from audit_log where id < ${id} order by id desc limit 1), '') as h) p
                  where a.id = ${id}`,
    );

  it('starts intact, with the checkpoint written at start-up and matched', async () => {
    const { verify } = await start();
    expect(await verify()).toMatchObject({ ok: true, checkpoint: { headId: expect.any(Number) } });
  });

  it('a rewritten row whose chain was recomputed without the key is found', async () => {
    const { db, verify } = await start();
    const all = await ids(db);
    const victim = all[all.length - 4]!;
    await triggersOff(
      db,
      sql`update audit_log set action = 'test.innocent', details = '{"i": 0}'::jsonb where id = ${victim}`,
      ...rechain(all.filter((id) => id >= victim)),
    );
    // The unkeyed formula agrees with every row now: the old verification would have passed.
    const [unkeyed] = await queryRows<{ bad: number }>(
      db,
      sql`select count(*)::int as bad from audit_log a where a.id >= ${victim} and a.hash <> audit_row_hash(a.prev_hash, a)`,
    );
    expect(unkeyed?.bad).toBe(0);
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: victim });
  });

  it('moving the keyed boundary so that every row passes as unkeyed is found', async () => {
    const { db, verify } = await start();
    const all = await ids(db);
    await triggersOff(
      db,
      sql`update audit_log set target_id = 'forged' where id = ${all[2]}`,
      sql`update audit_chain_meta set legacy_until_id = ${all[all.length - 1]}`,
      ...rechain(all.filter((id) => id >= all[2]!)),
    );
    // The checkpoint, not the table, says where keyed rows begin: the forged row is still keyed.
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: all[2] });
  });

  it('deleting the newest rows is found against the checkpoint', async () => {
    const { db, verify } = await start();
    const all = await ids(db);
    const [cp] = [JSON.parse(fs.readFileSync(t!.config.audit.checkpointFile!, 'utf8')) as AuditCheckpoint];
    expect(cp.headId).toBe(all[all.length - 1]);
    await triggersOff(db, sql`delete from audit_log where id >= ${all[all.length - 3]}`);
    expect(await verify()).toMatchObject({
      ok: false,
      firstBrokenId: cp.headId,
      problem: expect.stringMatching(/removed or rewritten since the checkpoint/),
    });
  });

  it('a checkpoint edited without the key is refused as forged', async () => {
    const { verify, checkpointFile } = await start();
    const cp = JSON.parse(fs.readFileSync(checkpointFile, 'utf8')) as AuditCheckpoint;
    fs.writeFileSync(checkpointFile, JSON.stringify({ ...cp, headId: 1 }));
    expect(await verify()).toMatchObject({ ok: false, problem: expect.stringMatching(/signature/) });
  });

  it("another database's checkpoint is reported, then set aside (not overwritten) with a warning", async () => {
    const { db, verify, checkpointFile } = await start();
    const other = await createTestDb();
    try {
      await writeAudit(other.db, { action: 'test.other', outcome: 'success' });
      fs.rmSync(checkpointFile);
      await writeCheckpoint(other.db, checkpointFile, auditKey());
    } finally {
      await other.close();
    }
    expect(await verify()).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/another audit chain/),
    });
    const warnings: string[] = [];
    await writeCheckpoint(db, checkpointFile, auditKey(), (m) => warnings.push(m));
    expect(warnings).toEqual([expect.stringMatching(/did not belong to this database's chain/)]);
    expect(fs.readdirSync(dir).some((f) => f.endsWith('.replaced'))).toBe(true);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('the head is checkpointed once more at shutdown', async () => {
    const { db, checkpointFile } = await start();
    await writeAudit(db, { action: 'test.last', outcome: 'success' });
    const last = (await ids(db)).at(-1);
    await t!.app.close();
    expect((JSON.parse(fs.readFileSync(checkpointFile, 'utf8')) as AuditCheckpoint).headId).toBe(last);
  });
});
