import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, toCents } from '../money.ts';
import { addDays } from './day-count.ts';
import { daysPastDue, instalmentState, loanProcessingFee, type FrozenInstalment } from './loans.ts';
import { buildSchedule } from './schedule.ts';

// The disbursement's money rules over random loans: what is owed equals what was paid out plus the
// fee, whichever way the fee is taken, so the journal Dr loan / Cr account / Cr fee income balances.
describe('disbursement amounts (property)', () => {
  const terms = fc.record({
    cents: fc.bigInt({ min: 100n, max: 10n ** 11n }),
    fee: fc.oneof(
      fc.integer({ min: 0, max: 100_000 }).map((m) => ({
        kind: 'percent' as const,
        value: `${Math.floor(m / 10_000)}.${String(m % 10_000).padStart(4, '0')}`,
      })),
      fc.bigInt({ min: 0n, max: 10n ** 6n }).map((c) => ({ kind: 'fixed' as const, value: fromCents(c) })),
    ),
    treatment: fc.constantFrom('deducted' as const, 'capitalised' as const),
    n: fc.integer({ min: 1, max: 48 }),
  });

  it('financed = net paid out + fee; the principal repays exactly the amount financed; net > 0', () => {
    fc.assert(
      fc.property(terms, ({ cents, fee, treatment, n }) => {
        const amount = fromCents(cents);
        const f = loanProcessingFee({ processingFee: { ...fee, treatment } }, amount);
        const take = toCents(f) > 0n && (treatment === 'capitalised' || toCents(f) < cents);
        const s = buildSchedule({
          principal: amount,
          annualRate: '24',
          method: 'emi',
          instalments: n,
          frequency: 'monthly',
          disbursementDate: '2026-11-23',
          ...(take ? { processingFee: f, processingFeeMode: treatment } : {}),
        });
        expect(toCents(s.amountFinanced)).toBe(toCents(s.netDisbursed) + toCents(s.processingFee));
        expect(toCents(s.netDisbursed)).toBeGreaterThan(0n);
        expect(s.instalments.reduce((t, i) => t + toCents(i.principal), 0n)).toBe(toCents(s.amountFinanced));
      }),
    );
  });

  it('a percentage fee rounds half-up to the cent', () => {
    expect(
      loanProcessingFee(
        { processingFee: { kind: 'percent', value: '2.0000', treatment: 'deducted' } },
        '20000.00',
      ),
    ).toBe('400.00');
    expect(
      loanProcessingFee(
        { processingFee: { kind: 'percent', value: '1.5000', treatment: 'deducted' } },
        '0.33',
      ),
    ).toBe('0.00');
    expect(
      loanProcessingFee(
        { processingFee: { kind: 'percent', value: '1.5000', treatment: 'deducted' } },
        '0.34',
      ),
    ).toBe('0.01');
  });
});

describe('instalment state and days past due (property)', () => {
  const row = (due: string, dueCents: bigint, paidCents: bigint): FrozenInstalment => ({
    instalmentNumber: 1,
    dueDate: due,
    principalDue: fromCents(dueCents),
    interestDue: '0.00',
    feeDue: '0.00',
    penaltyDue: '0.00',
    principalPaid: fromCents(paidCents),
    interestPaid: '0.00',
    feePaid: '0.00',
    penaltyPaid: '0.00',
  });

  it('paid in full is paid whatever the date; short and past its date is overdue; days past due count from it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.integer({ min: -400, max: 400 }),
        (due, paidRaw, offset) => {
          const paid = paidRaw > due ? due : paidRaw;
          const today = '2026-11-23';
          const date = addDays(today, offset);
          const i = row(date, due, paid);
          const state = instalmentState(i, today);
          if (paid === due) expect(state).toBe('paid');
          else if (offset < 0) expect(state).toBe('overdue');
          else if (paid > 0n) expect(state).toBe('partly');
          else expect(state).toBe(offset === 0 ? 'due' : 'future');
          expect(daysPastDue([i], today)).toBe(paid < due && offset < 0 ? -offset : 0);
        },
      ),
    );
  });
});
