import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, toCents } from '../money.ts';
import { collectFromSuspense } from './suspense.ts';

const cents = fc.bigInt({ min: 0n, max: 10_000_000_00n });

/**
 * The collection rule (ADR 0064) for any loan and any repayment: nothing is taken from a receivable
 * or from suspense beyond what it holds, suspense goes first, and what is collected beyond the
 * receivable is income outright.
 */
describe('collectFromSuspense (fast-check)', () => {
  it('takes the receivable up to what is held, suspense first, never more', () => {
    fc.assert(
      fc.property(cents, cents, cents, cents, cents, cents, (ir, is, pr, ps, ci, cp) => {
        // A loan holds at most its receivable in suspense.
        const held = {
          interestReceivable: fromCents(ir),
          interestInSuspense: fromCents(is > ir ? ir : is),
          penaltyReceivable: fromCents(pr),
          penaltyInSuspense: fromCents(ps > pr ? pr : ps),
        };
        const c = collectFromSuspense(held, { interest: fromCents(ci), penalty: fromCents(cp) });
        const [cir, cis, cpr, cps] = [
          c.interestReceivable,
          c.interestFromSuspense,
          c.penaltyReceivable,
          c.penaltyFromSuspense,
        ].map(toCents) as [bigint, bigint, bigint, bigint];
        const min = (a: bigint, b: bigint) => (a < b ? a : b);
        expect(cir).toBe(min(ci, ir));
        expect(cis).toBe(min(cir, toCents(held.interestInSuspense)));
        expect(cpr).toBe(min(cp, pr));
        expect(cps).toBe(min(cpr, toCents(held.penaltyInSuspense)));
        // What is left holds: suspense never negative, never above its receivable.
        const leftSusp = toCents(held.interestInSuspense) - cis;
        expect(leftSusp >= 0n && leftSusp <= ir - cir).toBe(true);
        const leftPen = toCents(held.penaltyInSuspense) - cps;
        expect(leftPen >= 0n && leftPen <= pr - cpr).toBe(true);
      }),
    );
  });

  it('a worked example: Le 500 of interest on Le 420 receivable, Le 300 of it in suspense', () => {
    expect(
      collectFromSuspense(
        {
          interestReceivable: '420.00',
          interestInSuspense: '300.00',
          penaltyReceivable: '94.56',
          penaltyInSuspense: '94.56',
        },
        { interest: '500.00', penalty: '50.00' },
      ),
    ).toEqual({
      interestReceivable: '420.00',
      interestFromSuspense: '300.00',
      penaltyReceivable: '50.00',
      penaltyFromSuspense: '50.00',
    });
  });
});
