import { sql } from 'drizzle-orm';
import { fromCents, MAX_CENTS } from '@bankmanager/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestDb } from '../../../test/support/harness.ts';

/**
 * The balance lists order by (balance_band, balance, number) and trust that to be the balance's order
 * (ADR 0029, addendum). That holds only while the band never decreases as the balance grows: checked
 * here on balance_band_of, the function the posting writers set the column with, over the whole
 * numeric(18,2) range.
 */
describe('accounts.balance_band', () => {
  let handle: DbHandle;
  // The one definition of the band, which every writer of a balance calls (ADR 0096).
  const bandOf = 'balance_band_of(balance)';

  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  const cents = fc.oneof(
    fc.bigInt({ min: -MAX_CENTS, max: MAX_CENTS }),
    fc.bigInt({ min: -100_000n, max: 100_000n }),
  );

  it('never decreases as the balance grows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cents, { minLength: 2, maxLength: 200 }), async (values) => {
        const rows = await queryRows<{ band: number }>(
          handle.db,
          sql`select ${sql.raw(bandOf)} as band
                from unnest(${`{${values.map(fromCents).join(',')}}`}::numeric(18,2)[]) as v(balance)
               order by v.balance`,
        );
        expect(rows).toHaveLength(values.length);
        for (let i = 1; i < rows.length; i++) expect(rows[i]!.band).toBeGreaterThanOrEqual(rows[i - 1]!.band);
      }),
      { numRuns: 50 },
    );
  });

  it('is 0 around zero, four bands per doubling, and mirrored below zero', async () => {
    const rows = await queryRows<{ balance: string; band: number }>(
      handle.db,
      sql`select balance::text, ${sql.raw(bandOf)} as band
            from unnest('{0.00,0.10,2.50,-2.50,1000000.00}'::numeric(18,2)[]) as v(balance)`,
    );
    // floor(4 · log2(1 + |b|)): 0.55 → 0, 7.23 → 7, 79.7 → 79.
    expect(rows.map((r) => [r.balance, r.band])).toEqual([
      ['0.00', 0],
      ['0.10', 0],
      ['2.50', 7],
      ['-2.50', -7],
      ['1000000.00', 79],
    ]);
  });
});
