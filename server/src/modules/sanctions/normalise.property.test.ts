import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const WORDS = [
  'Kamara',
  'Sesay',
  'Bangura',
  'Fatmata',
  'Ibrahim',
  'Yusuf',
  'Abdul',
  'Rahman',
  'Conteh',
  'Hawa',
];
const MOHAMED = ['Mohamed', 'Muhammad', 'Mohammed', 'Mohamad', 'MUHAMMED', 'Mohammad'];
const PREFIXES = ['Alhaji', 'Alhaja', 'Al-Haji', 'Haja', 'Mr.', 'Dr'];
const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'ï', o: 'ö', u: 'ü' };

/**
 * The rules of `sanctions_norm` (ADR 0044) as properties, checked in the database that applies them:
 * word order, case, honorifics, diacritics and the spellings of Mohamed do not change a name's form.
 */
describe('sanctions_norm', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());
  const norm = async (names: string[]) =>
    (
      await queryRows<{ n: string }>(
        h.db,
        sql`select sanctions_norm(x) as n from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as t(x, i) order by i`,
      )
    ).map((r) => r.n);

  it('ignores word order, case, honorifics, diacritics and the spelling of Mohamed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...MOHAMED),
        fc.constantFrom(...MOHAMED),
        fc.constantFrom(...PREFIXES),
        async (words, m1, m2, prefix) => {
          const plain = [m1, ...words].join(' ');
          const variants = [
            [...words].reverse().concat(m2).join(', '),
            `${prefix} ${plain.toUpperCase()}`,
            plain.replace(/[aeiou]/, (v) => ACCENTS[v] ?? v),
          ];
          const [base, ...others] = await norm([plain, ...variants]);
          expect(others).toEqual(others.map(() => base));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps different surnames apart: Kamara is not Koroma', async () => {
    const [row] = await queryRows<{ s: number }>(
      h.db,
      sql`select similarity(sanctions_norm('Mohamed Kamara'), sanctions_norm('Mohamed Koroma')) as s`,
    );
    expect(Number(row!.s)).toBeLessThan(0.6);
  });
});
