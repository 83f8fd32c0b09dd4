import { describe, expect, it } from 'vitest';
import { showRate, trimRate } from './show';

describe('rates as shown', () => {
  it('drops the database padding but keeps two decimals, by string work only', () => {
    expect(trimRate('4.7500')).toBe('4.75');
    expect(trimRate('5.0000')).toBe('5.00');
    expect(trimRate('0.0125')).toBe('0.0125');
    expect(trimRate('12')).toBe('12');
    expect(trimRate('4.0000–6.5000')).toBe('4.00–6.50');
    expect(showRate(null)).toBe('—');
    expect(showRate('9.5000')).toBe('9.50 %');
  });
});
