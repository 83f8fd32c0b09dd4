import { describe, expect, it } from 'vitest';
import { formatDecimalString } from './format';

describe('formatDecimalString', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatDecimalString('1234567.5')).toBe('1,234,567.50');
    expect(formatDecimalString('0')).toBe('0.00');
    expect(formatDecimalString('-1000.256')).toBe('-1,000.25');
    expect(formatDecimalString('999')).toBe('999.00');
  });
});
