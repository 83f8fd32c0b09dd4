import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareAmounts, fromCents, minusAmount, toCents } from './money.ts';

const cents = fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n });

describe('money on decimal strings', () => {
  it('compares as the cents compare, where floats would not (beyond 2^53 and at the cent)', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(compareAmounts(fromCents(a), fromCents(b))).toBe(a === b ? 0 : a < b ? -1 : 1);
      }),
    );
    // 9007199254740993 is not a double: Number() would call these two equal.
    expect(compareAmounts('90071992547409.93', '90071992547409.92')).toBe(1);
    expect(compareAmounts('0.1', '0.10')).toBe(0);
    expect(compareAmounts('-5', '0.01')).toBe(-1);
  });

  it('reads every amount format to its cents: signs, one or no decimals, no integer part', () => {
    fc.assert(
      fc.property(cents, (a) => {
        expect(toCents(fromCents(a))).toBe(a);
      }),
    );
    expect([toCents('12.5'), toCents('-0.5'), toCents('.07'), toCents('3'), toCents('0')]).toEqual([
      1250n,
      -50n,
      7n,
      300n,
      0n,
    ]);
  });

  it('subtracts exactly', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(toCents(minusAmount(fromCents(a), fromCents(b)))).toBe(a - b);
      }),
    );
    expect(minusAmount('0', '500.00')).toBe('-500.00');
  });
});
