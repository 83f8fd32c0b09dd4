import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACCOUNT_NUMBER_TEXT,
  accountNumberProblem,
  accountNumberSchema,
  makeAccountNumber,
  mod97,
} from './account-number.ts';

describe('account numbers (ISO 7064 MOD 97-10)', () => {
  it('makes numbers that are ≡ 1 mod 97 and 13 digits long', () => {
    const n = makeAccountNumber('001', 421);
    expect(n).toHaveLength(13);
    expect(n.startsWith('00100000421')).toBe(true);
    expect(mod97(n)).toBe(1);
    expect(accountNumberProblem(n)).toBeNull();
  });

  it('catches every single-digit typo and every swap of neighbouring digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.nat(12),
        fc.integer({ min: 1, max: 9 }),
        (branch, serial, at, delta) => {
          const n = makeAccountNumber(String(branch).padStart(3, '0'), serial);
          const typo = n.slice(0, at) + String((Number(n[at]) + delta) % 10) + n.slice(at + 1);
          expect(accountNumberProblem(typo)).toBe(ACCOUNT_NUMBER_TEXT.checkDigit);
          if (at < 12 && n[at] !== n[at + 1]) {
            const swap = n.slice(0, at) + n[at + 1] + n[at] + n.slice(at + 2);
            expect(accountNumberProblem(swap)).toBe(ACCOUNT_NUMBER_TEXT.checkDigit);
          }
        },
      ),
    );
  });

  it('gives the empty, shape and check messages, and ignores spaces and hyphens', () => {
    expect(accountNumberProblem('  ')).toBe(ACCOUNT_NUMBER_TEXT.required);
    expect(accountNumberProblem('12345')).toBe(ACCOUNT_NUMBER_TEXT.shape);
    expect(accountNumberProblem('00A0000042157')).toBe(ACCOUNT_NUMBER_TEXT.shape);
    const n = makeAccountNumber('007', 12);
    const typed = `${n.slice(0, 3)} ${n.slice(3, 11)}-${n.slice(11)}`;
    expect(accountNumberSchema.parse(typed)).toBe(n);
  });
});
