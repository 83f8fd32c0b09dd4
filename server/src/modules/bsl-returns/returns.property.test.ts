import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, type TrialBalance } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { addDays, returnsScene } from '../../../test/support/regulatory-returns.ts';
import { percentCents } from './ratio.ts';

describe('ratio in percent', () => {
  it('is a / b × 100 rounded half away from zero to hundredths', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        fc.boolean(),
        (a, d, neg) => {
          const b = neg ? -d : d;
          const q = percentCents(a, b)!;
          const exact = a * 10000n; // q should be exact / b, rounded
          const err = exact - q * b; // |err| ≤ |b| / 2
          const abs = (x: bigint) => (x < 0n ? -x : x);
          expect(2n * abs(err)).toBeLessThanOrEqual(abs(b));
          // A tie rounds away from zero: the result is never nearer zero than the exact value.
          if (2n * abs(err) === abs(b)) expect(abs(q * b)).toBeGreaterThan(abs(exact));
        },
      ),
    );
    expect(percentCents(1n, 0n)).toBeNull();
  });
});

// GL accounts a journal may post in each currency (no control, till or currency-bound mismatch).
const OPEN = {
  SLE: ['1010', '1030', '1420', '1900', '2510', '2520', '3020', '4010', '4020', '5010', '5020'],
  USD: ['1010', '1040', '1420', '1900', '2510', '2521', '3020', '4010', '4020', '5010'],
} as const;

/** Random balanced journals on random days around the month end never break the reconciliation. */
describe('BSL returns reconcile whatever is posted', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof returnsScene>>;
  beforeAll(async () => {
    t = await createTestApp();
    s = await returnsScene(t);
  });
  afterAll(() => t.close());

  const entry = fc
    .constantFrom('SLE' as const, 'USD' as const)
    .chain((currency) =>
      fc.record({
        currency: fc.constant(currency),
        debit: fc.constantFrom(...OPEN[currency]),
        credit: fc.constantFrom(...OPEN[currency]),
        cents: fc.bigInt({ min: 1n, max: 10n ** 12n }),
        daysBeforeMonthEnd: fc.integer({ min: -2, max: 45 }),
      }),
    )
    .filter((e) => e.debit !== e.credit);

  it('every difference stays 0.00 and total assets equal the trial balance’s assets', async () => {
    await fc.assert(
      fc.asyncProperty(entry, async (e) => {
        const on = addDays(s.monthEnd, -e.daysBeforeMonthEnd);
        const amount = fromCents(e.cents);
        await postTestEntry(
          t.app.db,
          [
            { gl: e.debit, side: 'debit', amount, currency: e.currency },
            { gl: e.credit, side: 'credit', amount, currency: e.currency },
          ],
          on < s.today ? { on } : {},
        );
        const r = await s.prepare();
        expect(r.returns.flatMap((x) => x.checks.filter((c) => c.difference !== '0.00'))).toEqual([]);
        const tb = (
          await s.call('GET', `/api/gl/trial-balance?date=${s.monthEnd}`, s.staff.accountant)
        ).json<TrialBalance>();
        const assets = tb.rows
          .filter((row) => row.class === 'asset' && row.currency === e.currency)
          .reduce(
            (sum, row) => sum + BigInt(row.debit.replace('.', '')) - BigInt(row.credit.replace('.', '')),
            0n,
          );
        const total = r.returns[0]!.lines.find((l) => l.code === 'total_assets')!.current[e.currency]!;
        expect(BigInt(total.replace('.', ''))).toBe(assets);
      }),
      { numRuns: 12 },
    );
  });
});
