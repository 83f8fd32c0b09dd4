import { describe, expect, it } from 'vitest';
import { productDisplayName } from './products.ts';

describe('productDisplayName', () => {
  it('adds the currency once', () => {
    expect(productDisplayName('Le Current Account', 'SLE')).toBe('Le Current Account (SLE)');
    expect(productDisplayName('Domiciliary Savings (USD)', 'USD')).toBe('Domiciliary Savings (USD)');
  });
});
