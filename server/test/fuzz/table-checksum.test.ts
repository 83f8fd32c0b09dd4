import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../support/harness.ts';
import type { DbHandle } from '../../src/db/client.ts';
import { changedTables, tableChecksums } from './table-checksum.ts';

/**
 * The fuzz suite's "a refused request changes nothing" stands on these checksums: they must see a row
 * changed, added or removed in any checked table, and nothing else.
 */
describe('fuzz table checksums', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle?.close());

  it('name exactly the tables whose rows changed, call after call', async () => {
    const db = handle.db;
    const before = await tableChecksums(db);
    expect(Object.keys(before)).toContain('branches');
    expect(Object.keys(before)).not.toContain('audit_log');
    expect(changedTables(before, await tableChecksums(db))).toEqual([]);

    await db.execute(
      sql`update branches set name = name || ' (renamed)' where code = (select min(code) from branches)`,
    );
    const renamed = await tableChecksums(db);
    expect(changedTables(before, renamed)).toEqual(['branches']);

    await db.execute(sql`update branches set name = replace(name, ' (renamed)', '')`);
    expect(changedTables(before, await tableChecksums(db))).toEqual([]);
  });
});
