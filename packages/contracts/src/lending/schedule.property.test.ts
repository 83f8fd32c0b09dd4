import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, toCents } from '../money.ts';
import { addDays, isWeekend } from './day-count.ts';
import { INTEREST_METHODS, PROCESSING_FEE_MODES, type LoanScheduleInput } from './schedule-input.ts';
import { buildSchedule } from './schedule.ts';
import { LOAN_FREQUENCIES } from './day-count.ts';

// Random loans within the contract's limits: the invariants of ADR 0038 hold for every one of them.

const isoDay = (offset: number) => addDays('2026-01-01', offset);

const loans: fc.Arbitrary<LoanScheduleInput> = fc
  .record({
    cents: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    rateMicros: fc.integer({ min: 0, max: 100_000_000 }),
    method: fc.constantFrom(...INTEREST_METHODS),
    instalments: fc.integer({ min: 1, max: 120 }),
    frequency: fc.constantFrom(...LOAN_FREQUENCIES),
    start: fc.integer({ min: 0, max: 3650 }),
    firstDueAfter: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
    graceFull: fc.nat(3),
    gracePrincipal: fc.nat(3),
    holidays: fc.array(fc.integer({ min: 0, max: 4000 }), { maxLength: 120 }),
    feeShare: fc.integer({ min: 0, max: 99 }),
    feeMode: fc.constantFrom(...PROCESSING_FEE_MODES),
    insurance: fc.option(fc.bigInt({ min: 0n, max: 10_000n }), { nil: undefined }),
  })
  .map((l) => {
    const repayGrace = Math.max(0, l.instalments - 1);
    const graceFull = Math.min(l.graceFull, repayGrace);
    return {
      principal: fromCents(l.cents),
      annualRate: `${Math.floor(l.rateMicros / 1e6)}.${String(l.rateMicros % 1e6).padStart(6, '0')}`,
      method: l.method,
      instalments: l.instalments,
      frequency: l.frequency,
      disbursementDate: isoDay(l.start),
      firstDueDate: l.firstDueAfter === undefined ? undefined : isoDay(l.start + l.firstDueAfter),
      graceFull,
      gracePrincipal: Math.min(l.gracePrincipal, repayGrace - graceFull),
      holidays: l.holidays.map(isoDay),
      // a fee below the amount (a deducted fee must leave something to pay out)
      processingFee: fromCents((l.cents * BigInt(l.feeShare)) / 100n),
      processingFeeMode: l.feeMode,
      insurancePerInstalment: l.insurance === undefined ? undefined : fromCents(l.insurance),
    };
  });

const sumCents = (xs: string[]) => xs.reduce((a, x) => a + toCents(x), 0n);

describe('loan schedule properties', () => {
  it('repays exactly the amount financed plus capitalised interest, down to a balance of 0.00', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        const s = buildSchedule(loan);
        const rows = s.instalments;
        expect(rows).toHaveLength(loan.instalments);
        expect(sumCents(rows.map((r) => r.principal))).toBe(
          toCents(s.amountFinanced) + toCents(s.totals.capitalisedInterest),
        );
        expect(rows.at(-1)!.balanceAfter).toBe('0.00');
      }),
    );
  });

  it('never has a negative figure, and totals add up row by row', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        for (const r of buildSchedule(loan).instalments) {
          for (const v of [r.principal, r.interest, r.fees, r.total, r.balanceAfter, r.capitalisedInterest])
            expect(toCents(v)).toBeGreaterThanOrEqual(0n);
          expect(toCents(r.total)).toBe(toCents(r.principal) + toCents(r.interest) + toCents(r.fees));
        }
      }),
    );
  });

  it('EMI: once nothing more is capitalised, each interest is at most the one before', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        const rows = buildSchedule({ ...loan, method: 'emi' }).instalments.filter((r) => r.grace !== 'full');
        for (let k = 1; k < rows.length; k++)
          expect(toCents(rows[k]!.interest)).toBeLessThanOrEqual(toCents(rows[k - 1]!.interest));
      }),
    );
  });

  it('due dates strictly increase, after disbursement, never on a weekend or a listed holiday', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        const holidays = new Set(loan.holidays);
        let previous = loan.disbursementDate;
        for (const { dueDate } of buildSchedule(loan).instalments) {
          expect(dueDate > previous).toBe(true);
          expect(isWeekend(dueDate)).toBe(false);
          expect(holidays.has(dueDate)).toBe(false);
          previous = dueDate;
        }
      }),
    );
  });
});
