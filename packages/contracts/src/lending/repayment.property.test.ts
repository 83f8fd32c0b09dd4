import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, toCents } from '../money.ts';
import { addDays, LOAN_FREQUENCIES } from './day-count.ts';
import { LOAN_ALLOCATION_PARTS } from './products.ts';
import {
  allocateRepayment,
  applyPrepayment,
  payoffQuote,
  PREPAYMENT_MODES,
  principalOutstanding,
  REPAYMENT_COMPONENTS,
  undoAllocation,
  type InstalmentState,
} from './repayment.ts';
import { INTEREST_METHODS } from './schedule-input.ts';
import { buildSchedule } from './schedule.ts';

// Random loans (the schedule engine's own), random penalties and fees on them, and random streams of
// payments on random dates: the invariants of ADR 0046 hold for each.

const loans = fc
  .record({
    cents: fc.bigInt({ min: 100n, max: 10n ** 11n }),
    rateMicros: fc.integer({ min: 0, max: 60_000_000 }),
    method: fc.constantFrom(...INTEREST_METHODS),
    instalments: fc.integer({ min: 1, max: 48 }),
    frequency: fc.constantFrom(...LOAN_FREQUENCIES),
    insurance: fc.bigInt({ min: 0n, max: 5_000n }),
    penalties: fc.array(fc.bigInt({ min: 0n, max: 50_000n }), { maxLength: 48 }),
  })
  .map((l) => {
    const annualRate = `${Math.floor(l.rateMicros / 1e6)}.${String(l.rateMicros % 1e6).padStart(6, '0')}`;
    const s = buildSchedule({
      principal: fromCents(l.cents),
      annualRate,
      method: l.method,
      instalments: l.instalments,
      frequency: l.frequency,
      disbursementDate: '2026-01-15',
      insurancePerInstalment: fromCents(l.insurance),
    });
    const instalments: InstalmentState[] = s.instalments.map((i, k) => ({
      instalmentNumber: i.number,
      dueDate: i.dueDate,
      principalDue: i.principal,
      interestDue: i.interest,
      feeDue: i.fees,
      penaltyDue: fromCents(l.penalties[k] ?? 0n),
      principalPaid: '0.00',
      interestPaid: '0.00',
      feePaid: '0.00',
      penaltyPaid: '0.00',
    }));
    return {
      instalments,
      annualRate,
      method: l.method,
      frequency: l.frequency,
      principal: fromCents(l.cents),
    };
  });

const payments = fc.array(
  fc.record({ cents: fc.bigInt({ min: 1n, max: 5n * 10n ** 10n }), day: fc.integer({ min: 0, max: 1500 }) }),
  { minLength: 1, maxLength: 8 },
);
const order = fc.shuffledSubarray([...LOAN_ALLOCATION_PARTS], { minLength: 4, maxLength: 4 });
const isoDay = (d: number) => addDays('2026-01-15', d);

const components = (i: InstalmentState) => ({
  penalty: [i.penaltyDue, i.penaltyPaid],
  fee: [i.feeDue, i.feePaid],
  interest: [i.interestDue, i.interestPaid],
  principal: [i.principalDue, i.principalPaid],
});

describe('repayment engine: properties', () => {
  it('allocations never exceed what is due, never go negative, add up to amount − excess − prepayment, and undo exactly', () => {
    fc.assert(
      fc.property(loans, payments, order, fc.boolean(), (loan, stream, ord, prepay) => {
        let state = loan.instalments;
        // Days in increasing order: a stream of payments over the loan's life.
        for (const pay of [...stream].sort((a, b) => a.day - b.day)) {
          const asOf = isoDay(pay.day);
          const a = allocateRepayment({
            instalments: state,
            amount: fromCents(pay.cents),
            asOf,
            order: ord,
            overpayment: prepay ? 'prepay' : 'refuse',
          });
          const placed = a.allocations.reduce(
            (s, x) => s + REPAYMENT_COMPONENTS.reduce((t, c) => t + toCents(x[c]), 0n),
            0n,
          );
          expect(placed + toCents(a.prepayment)).toBe(pay.cents - toCents(a.excess));
          expect(toCents(a.excess)).toBeGreaterThanOrEqual(0n);
          expect(toCents(a.prepayment)).toBeGreaterThanOrEqual(0n);
          for (const x of a.allocations) {
            const inst = state.find((i) => i.instalmentNumber === x.instalmentNumber)!;
            expect(inst.dueDate <= asOf).toBe(true);
            for (const c of REPAYMENT_COMPONENTS) expect(toCents(x[c])).toBeGreaterThanOrEqual(0n);
          }
          for (const i of a.instalments)
            for (const [d, p] of Object.values(components(i))) {
              expect(toCents(p!)).toBeGreaterThanOrEqual(0n);
              expect(toCents(p!)).toBeLessThanOrEqual(toCents(d!));
            }
          expect(undoAllocation(a.instalments, a.allocations)).toEqual(state);
          state = a.instalments;
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('a prepayment keeps the principal exact, never lengthens the term, and a full one leaves 0.00', () => {
    fc.assert(
      fc.property(
        loans,
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(...PREPAYMENT_MODES),
        (loan, day, percent, mode) => {
          const asOf = isoDay(day);
          // Everything due paid, then a share (or all) of the principal not yet due prepaid.
          const settled = allocateRepayment({
            instalments: loan.instalments,
            amount: '99999999999999',
            asOf,
            overpayment: 'prepay',
          });
          const notYetDue = toCents(settled.prepayment);
          fc.pre(notYetDue > 0n);
          const pre = percent === 100 ? notYetDue : (notYetDue * BigInt(percent)) / 100n || 1n;
          const before = settled.instalments.filter((i) => i.dueDate > asOf);
          const p = applyPrepayment({
            instalments: settled.instalments,
            prepayment: fromCents(pre),
            asOf,
            mode,
            method: loan.method,
            annualRate: loan.annualRate,
            frequency: loan.frequency,
          });
          expect(toCents(principalOutstanding(p.instalments))).toBe(notYetDue - pre);
          expect(p.principalAfter).toBe(fromCents(notYetDue - pre));
          const after = p.instalments.filter((i) => i.dueDate > asOf);
          expect(after.length).toBeLessThanOrEqual(before.length);
          for (const i of after) {
            expect(toCents(i.principalDue)).toBeGreaterThanOrEqual(0n);
            expect(toCents(i.interestDue)).toBeGreaterThanOrEqual(0n);
          }
          if (pre === notYetDue) expect(principalOutstanding(p.instalments)).toBe('0.00');
          // The instalments due already are untouched.
          expect(p.instalments.filter((i) => i.dueDate <= asOf)).toEqual(
            settled.instalments.filter((i) => i.dueDate <= asOf),
          );
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('payoff quote: properties', () => {
  it('adds up, owes all the principal, and never falls as the settlement date moves on', () => {
    fc.assert(
      fc.property(
        loans,
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 1, max: 40 }),
        (loan, day, later) => {
          const quote = (asOf: string) =>
            payoffQuote({
              instalments: loan.instalments,
              annualRate: loan.annualRate,
              asOf,
              disbursementDate: isoDay(0),
            });
          const q = quote(isoDay(day));
          const parts = [q.principal, q.interestDue, q.interestAccrued, q.fees, q.penalties].map(toCents);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(toCents(q.total));
          expect(q.principal).toBe(principalOutstanding(loan.instalments));
          expect(q.principal).toBe(loan.principal);
          for (const p of parts) expect(p).toBeGreaterThanOrEqual(0n);
          expect(q.days).toBeGreaterThanOrEqual(0);
          // Nothing is paid here, so a later date owes at least as much: what accrued becomes what is due.
          expect(toCents(quote(isoDay(day + later)).total)).toBeGreaterThanOrEqual(toCents(q.total));
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});
