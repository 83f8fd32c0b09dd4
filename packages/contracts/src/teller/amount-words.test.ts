import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-words.ts';

describe('amountInWords', () => {
  it('spells the issue’s example', () => {
    expect(amountInWords('25000', 'SLE')).toBe('Twenty-five thousand Leones');
    expect(amountInWords('25000.00', 'SLE')).toBe('Twenty-five thousand Leones');
  });

  it('uses the singular for one and British "and" after hundreds', () => {
    expect(amountInWords('1', 'SLE')).toBe('One Leone');
    expect(amountInWords('105', 'SLE')).toBe('One hundred and five Leones');
    expect(amountInWords('1005', 'USD')).toBe('One thousand and five US dollars');
    expect(amountInWords('1100', 'SLE')).toBe('One thousand one hundred Leones');
    expect(amountInWords('2500000', 'SLE')).toBe('Two million five hundred thousand Leones');
  });

  it('spells cents, alone or after the whole part', () => {
    expect(amountInWords('1.50', 'SLE')).toBe('One Leone and fifty cents');
    expect(amountInWords('0.01', 'SLE')).toBe('One cent');
    expect(amountInWords('0.25', 'USD')).toBe('Twenty-five cents');
    expect(amountInWords('10.5', 'SLE')).toBe('Ten Leones and fifty cents');
    expect(amountInWords('0', 'SLE')).toBe('Zero Leones');
    expect(amountInWords('0.00', 'SLE')).toBe('Zero Leones');
  });

  it('spells the teens, tens and compound numbers', () => {
    expect(amountInWords('13', 'SLE')).toBe('Thirteen Leones');
    expect(amountInWords('40', 'SLE')).toBe('Forty Leones');
    expect(amountInWords('99', 'SLE')).toBe('Ninety-nine Leones');
    expect(amountInWords('19019', 'SLE')).toBe('Nineteen thousand and nineteen Leones');
  });

  it('spells the largest amount an account can hold', () => {
    expect(amountInWords('9999999999999999.99', 'SLE')).toBe(
      'Nine quadrillion nine hundred and ninety-nine trillion nine hundred and ninety-nine billion ' +
        'nine hundred and ninety-nine million nine hundred and ninety-nine thousand nine hundred and ' +
        'ninety-nine Leones and ninety-nine cents',
    );
  });

  it('answers nothing for text that is not an amount yet', () => {
    for (const bad of ['', 'abc', '1,000', '-5', '1.234', '.5'])
      expect(amountInWords(bad, 'SLE'), bad).toBe('');
  });

  it('ignores leading zeros', () => {
    expect(integerInWords('007')).toBe('seven');
    expect(amountInWords('0010', 'SLE')).toBe('Ten Leones');
  });
});
