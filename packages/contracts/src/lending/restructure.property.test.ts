import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, toCents } from '../money.ts';
import { addDays, LOAN_FREQUENCIES } from './day-count.ts';
import type { InstalmentState } from './repayment.ts';
import { planRestructure } from './restructure.ts';
import { INTEREST_METHODS } from './schedule-input.ts';
import { buildSchedule } from './schedule.ts';

// Random loans, part repaid in random ways, restructured from a random date with or without
// capitalising arrears: afterwards the live schedule's unpaid principal is the principal owed exactly,
// the new rows repay exactly the plan's principal, and what was paid is never lost.

const rate = (micros: number) => (micros / 1e6).toFixed(6);
const unpaid = (rows: readonly InstalmentState[]) =>
  rows.reduce((s, r) => s + toCents(r.principalDue) - toCents(r.principalPaid), 0n);
const paid = (rows: readonly InstalmentState[]) => rows.reduce((s, r) => s + toCents(r.principalPaid), 0n);

const cases = fc.record({
  cents: fc.bigInt({ min: 10_000n, max: 10n ** 11n }),
  rateMicros: fc.integer({ min: 0, max: 60_000_000 }),
  newRateMicros: fc.integer({ min: 0, max: 60_000_000 }),
  method: fc.constantFrom(...INTEREST_METHODS),
  frequency: fc.constantFrom(...LOAN_FREQUENCIES),
  instalments: fc.integer({ min: 1, max: 60 }),
  // How far each instalment was paid: a share in percent of each part, per instalment.
  shares: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 60, maxLength: 60 }),
  effectiveAfter: fc.integer({ min: 0, max: 1900 }),
  term: fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }),
  capitaliseArrears: fc.boolean(),
});

describe('restructuring plan (property)', () => {
  it('the live schedule owes exactly the principal owed, the new rows exactly the plan’s principal', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const start = '2026-01-05';
        const s = buildSchedule({
          principal: fromCents(c.cents),
          annualRate: rate(c.rateMicros),
          method: c.method,
          instalments: c.instalments,
          frequency: c.frequency,
          disbursementDate: start,
        });
        const rows: InstalmentState[] = s.instalments.map((x, k) => {
          const part = (v: string) => fromCents((toCents(v) * BigInt(c.shares[k]!)) / 100n);
          return {
            instalmentNumber: x.number,
            dueDate: x.dueDate,
            principalDue: x.principal,
            interestDue: x.interest,
            feeDue: x.fees,
            penaltyDue: '0.00',
            principalPaid: part(x.principal),
            interestPaid: part(x.interest),
            feePaid: part(x.fees),
            penaltyPaid: '0.00',
          };
        });
        const outstanding = fromCents(unpaid(rows));
        const plan = planRestructure({
          rows,
          outstanding,
          effectiveDate: addDays(start, c.effectiveAfter),
          disbursementDate: start,
          oldRate: rate(c.rateMicros),
          rate: rate(c.newRateMicros),
          term: c.term,
          capitaliseArrears: c.capitaliseArrears,
          method: c.method,
          frequency: c.frequency,
        });
        if (plan === null) {
          // Nothing to reschedule only when the arrears left on old rows are all that is owed.
          expect(unpaid(rows.filter((r) => r.dueDate < addDays(start, c.effectiveAfter)))).toBe(
            c.capitaliseArrears ? 0n : toCents(outstanding),
          );
          return;
        }
        const live = [...plan.kept, ...plan.added];
        expect(unpaid(live)).toBe(toCents(outstanding));
        expect(plan.added.reduce((sum, r) => sum + toCents(r.principalDue), 0n)).toBe(
          toCents(plan.principal),
        );
        expect(paid(live)).toBe(paid(rows));
        expect(new Set(live.map((r) => r.instalmentNumber)).size).toBe(live.length);
        expect(plan.added).toHaveLength(plan.term);
      }),
      { numRuns: 300 },
    );
  });
});
