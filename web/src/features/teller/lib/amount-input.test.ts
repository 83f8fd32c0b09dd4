import { describe, expect, it } from 'vitest';
import { caretAfter, groupedAmount, plainAmount } from './amount-input';

describe('the amount field’s text', () => {
  it('keeps a plain decimal of what was typed, separators and stray characters dropped', () => {
    expect(plainAmount('25,000')).toBe('25000');
    expect(plainAmount('Le 1,234.567')).toBe('1234.56');
    expect(plainAmount('0012')).toBe('12');
    expect(plainAmount('.5')).toBe('0.5');
    expect(plainAmount('1.2.3')).toBe('1.23');
    expect(plainAmount('')).toBe('');
  });

  it('groups thousands as the teller types, decimals untouched', () => {
    expect(groupedAmount('25000')).toBe('25,000');
    expect(groupedAmount('1234567.5')).toBe('1,234,567.5');
    expect(groupedAmount('999')).toBe('999');
    expect(groupedAmount('1000.')).toBe('1,000.');
  });

  it('puts the caret back after the same digit once separators move', () => {
    // "2500|" → typing 0 gives "25,000": the caret goes after the fifth digit.
    expect(caretAfter('25,000', 5)).toBe(6);
    expect(caretAfter('25,000', 2)).toBe(2);
    expect(caretAfter('1,234,567', 4)).toBe(5);
  });
});
