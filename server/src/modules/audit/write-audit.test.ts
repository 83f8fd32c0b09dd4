import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { writeAudit } from './write-audit.ts';
import { auditKeyPads } from './audit-key.ts';
import { queryRows } from '../../db/rows.ts';

describe('audit log', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('chains rows: each hash covers the previous hash and the row content', async () => {
    await writeAudit(h.db, { action: 'test.one', outcome: 'success', ip: '127.0.0.1', details: { a: 1 } });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        writeAudit(h.db, { action: `test.many`, outcome: 'success', details: { i } }),
      ),
    );
    const rows = await h.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.length).toBe(11);
    expect(rows[0]!.prevHash).toBe('');
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
      expect(rows[i]!.id).toBeGreaterThan(rows[i - 1]!.id);
    }
    const recomputed = await queryRows(
      h.db,
      sql`select count(*)::int as bad from audit_log a where a.hash <> audit_row_hmac(decode(${auditKeyPads()}, 'hex'), a.prev_hash, a)`,
    );
    expect(recomputed).toEqual([{ bad: 0 }]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    // Drizzle wraps driver errors; the database's own message is the cause.
    const refused = { cause: { message: expect.stringMatching(/append-only/) } };
    await expect(h.db.execute(sql`update audit_log set action = 'x'`)).rejects.toMatchObject(refused);
    await expect(h.db.execute(sql`delete from audit_log`)).rejects.toMatchObject(refused);
    await expect(h.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refused);
  });
});
