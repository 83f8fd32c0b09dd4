import { describe, expect, it } from 'vitest';
import { journalTotals, typedCents, type DraftLine } from './journal-totals';

const line = (
  key: number,
  side: DraftLine['side'],
  amount: string,
  currency: DraftLine['currency'] = 'SLE',
) => ({
  key,
  gl_code: '1010',
  side,
  amount,
  currency,
});

describe('journalTotals', () => {
  it('reads amounts exactly in cents', () => {
    expect(typedCents('0.10')).toBe(10n);
    expect(typedCents('1234567890123456.99')).toBe(123456789012345699n);
    for (const bad of ['', '0', '0.00', '-5', '1.005', '1e3', 'abc']) expect(typedCents(bad)).toBeNull();
  });

  it('is postable only when every currency balances', () => {
    const ok = journalTotals([line(1, 'debit', '0.1'), line(2, 'debit', '0.2'), line(3, 'credit', '0.30')]);
    expect(ok).toEqual({
      totals: [{ currency: 'SLE', debit: '0.30', credit: '0.30', balanced: true }],
      postable: true,
    });
    const usd = journalTotals([line(1, 'debit', '5'), line(2, 'credit', '5'), line(3, 'debit', '1', 'USD')]);
    expect(usd.postable).toBe(false);
    expect(usd.totals[1]).toEqual({ currency: 'USD', debit: '1.00', credit: '0.00', balanced: false });
  });

  it('is not postable with an invalid or missing line', () => {
    expect(journalTotals([line(1, 'debit', '5')]).postable).toBe(false);
    expect(
      journalTotals([line(1, 'debit', '5'), line(2, 'credit', '5'), line(3, 'credit', 'x')]).postable,
    ).toBe(false);
    expect(journalTotals([line(1, 'debit', '5'), { ...line(2, 'credit', '5'), gl_code: ' ' }]).postable).toBe(
      false,
    );
  });
});
