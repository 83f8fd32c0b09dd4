import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accruedInterest, addMonths, dayNumber, isoOfDay, isWeekend, nextBusinessDay } from './day-count.ts';

describe('day count', () => {
  it('accrues actual/365: Le 20,000 at 24% for the 32 days to 16 February is 420.82', () => {
    // 20,000 × 0.24 × 32 / 365 = 420.8219…
    expect(accruedInterest('20000', '24', '2026-01-15', '2026-02-16')).toBe('420.82');
    // a leap year still divides by 365: 366 days of 10% on 365.00 is 36.60
    expect(accruedInterest('365', '10', '2028-01-01', '2029-01-01')).toBe('36.60');
    expect(accruedInterest('1000', '5', '2026-03-01', '2026-03-01')).toBe('0.00');
    // half a cent rounds up: 3,650 × 0.05% for 1 day = 0.005
    expect(accruedInterest('3650', '0.05', '2026-03-01', '2026-03-02')).toBe('0.01');
  });

  it('refuses a span that runs backwards', () => {
    expect(() => accruedInterest('1', '1', '2026-03-02', '2026-03-01')).toThrow(RangeError);
  });

  it('adds months with the day kept or clamped to the month end, across years', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-05-15', 12)).toBe('2027-05-15');
  });

  it('counts days as the calendar does (the integer conversion agrees with Date, years 1 to 9999)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -719_162, max: 2_932_896 }), (day) => {
        const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
        expect(isoOfDay(day)).toBe(iso);
        expect(dayNumber(iso)).toBe(day);
      }),
    );
  });

  it('knows weekends and skips them and holidays', () => {
    expect(['2026-11-28', '2026-11-29', '2026-11-30'].map(isWeekend)).toEqual([true, true, false]);
    expect(nextBusinessDay('2026-11-28', new Set(['2026-11-30']))).toBe('2026-12-01');
    expect(nextBusinessDay('2026-12-01', new Set())).toBe('2026-12-01');
  });
});
