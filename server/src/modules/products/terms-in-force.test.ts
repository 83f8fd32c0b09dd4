import { describe, expect, it } from 'vitest';
import { creditRateFor } from './terms-in-force.ts';
import { savingsTerms } from '../../../test/support/products.ts';

/** The tier a balance reaches decides its rate; without tiers the flat rate applies. */
describe('creditRateFor', () => {
  const tiered = savingsTerms({
    creditRate: '5.0000',
    creditTiers: [
      { minBalance: '0.00', rate: '4.0000' },
      { minBalance: '10000.00', rate: '5.0000' },
      { minBalance: '100000.00', rate: '6.0000' },
    ],
  });

  it.each([
    ['0.00', '4.0000'],
    ['9999.99', '4.0000'],
    ['10000.00', '5.0000'],
    ['99999.99', '5.0000'],
    ['100000.00', '6.0000'],
    ['5000000.00', '6.0000'],
  ])('a balance of %s earns %s', (balance, rate) => expect(creditRateFor(tiered, balance)).toBe(rate));

  it('uses the flat rate when there are no tiers, and for a balance below the first tier', () => {
    expect(creditRateFor(savingsTerms({ creditRate: '1.5000' }), '123.45')).toBe('1.5000');
    expect(creditRateFor(tiered, '-50.00')).toBe('5.0000');
  });
});
