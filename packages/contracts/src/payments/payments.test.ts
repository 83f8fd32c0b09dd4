import { describe, expect, it } from 'vitest';
import { convertAmount, sameRate, toCents, fromCents } from '../money.ts';
import { exchangeRateInputSchema, rateKindFor } from './fx-rates.ts';
import { parseCsv, parseSalaryCsv } from './salary-csv.ts';

describe('salary CSV', () => {
  it('reads RFC 4180 quoting, CRLF, a BOM, blank lines and an optional header', () => {
    const text =
      '\uFEFFaccount,amount,narration\r\n"0010000042157","1,500.00","Pay, ""March"""\r\n\r\n0010000042157,20,x';
    expect(parseSalaryCsv(text)).toEqual([
      { lineNo: 2, account: '0010000042157', amount: '1500.00', narration: 'Pay, "March"', loan: '' },
      { lineNo: 4, account: '0010000042157', amount: '20', narration: 'x', loan: '' },
    ]);
    expect(parseSalaryCsv('0010000042157,20')).toEqual([
      { lineNo: 1, account: '0010000042157', amount: '20', narration: '', loan: '' },
    ]);
  });

  it('reads a fourth column as the check-off loan only when the header names it `loan`', () => {
    expect(parseSalaryCsv('Account,Amount,Narration,Loan\n1,2,"Pay, May",101-0000001\n3,4,Pay,')).toEqual([
      { lineNo: 2, account: '1', amount: '2', narration: 'Pay, May', loan: '101-0000001' },
      { lineNo: 3, account: '3', amount: '4', narration: 'Pay', loan: '' },
    ]);
    // Without that header a fourth cell is still part of an unquoted narration.
    expect(parseSalaryCsv('account,amount,narration\n1,2,Pay,May')[0]).toMatchObject({
      narration: 'Pay,May',
      loan: '',
    });
  });

  it('keeps an unquoted comma in the narration, and counts lines inside quotes', () => {
    expect(parseSalaryCsv('1,2,Salary, March')[0]!.narration).toBe('Salary, March');
    expect(parseCsv('"a\nb",c\nd').map((r) => r.lineNo)).toEqual([1, 3]);
  });
});

describe('money and rates', () => {
  it('converts to the cent, half up, in both directions', () => {
    expect(convertAmount('100', '22.755', 'USD', 'SLE')).toBe('2275.50');
    expect(convertAmount('235', '23.5', 'SLE', 'USD')).toBe('10.00');
    expect(convertAmount('0.01', '22.5', 'SLE', 'USD')).toBe('0.00');
    expect(convertAmount('5', '22.5', 'SLE', 'SLE')).toBe('5.00');
    expect(fromCents(toCents('-12.5'))).toBe('-12.50');
    expect(sameRate('22.5', '22.500000')).toBe(true);
  });

  it('uses the buy rate into Leones and the sell rate out of them', () => {
    expect([rateKindFor('USD', 'SLE'), rateKindFor('SLE', 'USD'), rateKindFor('SLE', 'SLE')]).toEqual([
      'buy',
      'sell',
      null,
    ]);
  });

  it('refuses rates out of order or malformed, on the field', () => {
    expect(exchangeRateInputSchema.safeParse({ buy: '22', sell: '23', mid: '22.5' }).success).toBe(true);
    const r = exchangeRateInputSchema.safeParse({ buy: '24', sell: '23', mid: '23.5' });
    expect(r.error?.issues[0]?.path).toEqual(['mid']);
    expect(exchangeRateInputSchema.safeParse({ buy: 'x', sell: '1', mid: '1' }).success).toBe(false);
  });
});
