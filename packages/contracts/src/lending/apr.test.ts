import { describe, expect, it } from 'vitest';
import { annualPercentageRate, scheduleApr } from './apr.ts';
import { buildSchedule } from './schedule.ts';

const salaryLoan = {
  principal: '20000',
  annualRate: '24',
  method: 'emi',
  instalments: 12,
  frequency: 'monthly',
  disbursementDate: '2026-01-15',
} as const;

describe('APR', () => {
  it('is the nominal rate when nothing but interest is charged', () => {
    expect(scheduleApr(buildSchedule(salaryLoan))).toBe('24.00');
  });

  it('rises with a fee deducted at disbursement: Le 19,600 received against 1,891.19 × 11 + 1,891.23', () => {
    // the IRR of that flow is 2.3305% a month (checked by bisection to 10⁻¹²): × 12 = 27.97%
    expect(scheduleApr(buildSchedule({ ...salaryLoan, processingFee: '400' }))).toBe('27.97');
  });

  it('shows what a flat rate really costs: 12% flat over a year is 21.46% on the declining balance', () => {
    expect(
      scheduleApr(buildSchedule({ ...salaryLoan, principal: '10000', annualRate: '12', method: 'flat' })),
    ).toBe('21.46');
  });

  it('counts weekly periods, and is 0.00 when no more is repaid than received', () => {
    // 1,000 received, 52 weekly payments of 20.00: IRR 0.149056% a week, × 52 = 7.7509%
    expect(
      annualPercentageRate({ netReceived: '1000', payments: Array(52).fill('20.00'), periodsPerYear: 52 }),
    ).toBe('7.75');
    expect(annualPercentageRate({ netReceived: '1000', payments: ['500', '500'], periodsPerYear: 12 })).toBe(
      '0.00',
    );
  });

  it('refuses a loan with nothing received', () => {
    expect(() => annualPercentageRate({ netReceived: '0', payments: ['1'], periodsPerYear: 12 })).toThrow(
      RangeError,
    );
  });
});
