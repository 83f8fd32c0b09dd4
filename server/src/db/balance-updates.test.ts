import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from './client.ts';
import { queryRows } from './rows.ts';
import { createTestDb } from '../../test/support/harness.ts';

/**
 * ADR 0029: a posting's balance update must be able to stay on its page. An index that includes a
 * column every posting changes, on a table every posting updates, would send each update into every
 * index of that table again. (That the page also has the room is tested where end of day's bulk
 * postings are: ledger/bulk-entry.test.ts, ADR 0079.)
 */
describe('tables a posting updates keep their balance unindexed', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('no index of accounts or registered_user_keys covers a balance', async () => {
    const rows = await queryRows<{ index: string }>(
      h.db,
      sql`select i.indexrelid::regclass::text as index
            from pg_index i
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
           where i.indrelid in ('accounts'::regclass, 'registered_user_keys'::regclass)
             and a.attname = 'balance'`,
    );
    expect(rows).toEqual([]);
  });
});
