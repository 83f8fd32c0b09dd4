import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { STATS_SLOTS, statsSlot } from './stats-slots.ts';

/** postEntry orders an entry's lines by the slot the database's triggers will lock: the same rule. */
describe('dashboard stats slots', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('agrees with banking_stats_slot() in the database', async () => {
    const ids = [1, 15, 16, 1023, 1024, 1025, 987_654, 2_147_483_647];
    const rows = await queryRows<{ id: string; slot: number }>(
      h.db,
      sql`select id::text, banking_stats_slot(id) as slot from unnest(${`{${ids.join(',')}}`}::bigint[]) id`,
    );
    expect(rows.map((r) => [Number(r.id), r.slot])).toEqual(ids.map((id) => [id, statsSlot(id)]));
    expect(new Set(ids.map(statsSlot)).size).toBeGreaterThan(4);
    expect(STATS_SLOTS).toBeGreaterThanOrEqual(1024);
  });
});
