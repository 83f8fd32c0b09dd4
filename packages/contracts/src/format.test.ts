import { describe, expect, it } from 'vitest';
import { formatAmount, formatCurrency, formatLongDate, padCustomerId } from './format.ts';

describe('format', () => {
  it('pads customer ids to 6 digits', () => {
    expect(padCustomerId(42)).toBe('000042');
    expect(padCustomerId(123456)).toBe('123456');
    expect(padCustomerId(1234567)).toBe('1234567');
  });

  it('formats balances with 2 decimals and thousands separators, exactly', () => {
    expect(formatAmount('1234567.8')).toBe('1,234,567.80');
    expect(formatAmount('0')).toBe('0.00');
    expect(formatAmount('-15.5')).toBe('-15.50');
    // Beyond float precision: still exact because the string is never a float.
    expect(formatAmount('9999999999999999.99')).toBe('9,999,999,999,999,999.99');
  });

  it('shows SLE as Le and USD as $', () => {
    expect(formatCurrency('2500000', 'SLE')).toBe('Le 2,500,000.00');
    expect(formatCurrency('1250.5', 'USD')).toBe('$1,250.50');
    expect(formatCurrency('-5', 'SLE')).toBe('-Le 5.00');
  });

  it('formats long dates', () => {
    expect(formatLongDate('2026-03-04')).toBe('March 4, 2026');
    expect(formatLongDate('2025-12-31T23:30:00Z')).toBe('December 31, 2025');
  });
});
