import { describe, expect, it } from 'vitest';
import { buildSchedule, dueDates } from './schedule.ts';
import type { LoanScheduleInput } from './schedule-input.ts';

// The worked examples of ADR 0038, each figure checked by hand there.

const base = { frequency: 'monthly', disbursementDate: '2026-01-15' } as const;
const columns = (s: ReturnType<typeof buildSchedule>) =>
  s.instalments.map((i) => [i.principal, i.interest, i.total, i.balanceAfter]);

describe('loan schedule: worked examples', () => {
  it('EMI: the Salary Loan of Le 20,000 at 24% over 12 months pays 1,891.19 a month', () => {
    const s = buildSchedule({
      ...base,
      principal: '20000',
      annualRate: '24',
      method: 'emi',
      instalments: 12,
    });
    expect(s.emi).toBe('1891.19');
    expect(columns(s)).toEqual([
      ['1491.19', '400.00', '1891.19', '18508.81'],
      ['1521.01', '370.18', '1891.19', '16987.80'],
      ['1551.43', '339.76', '1891.19', '15436.37'],
      ['1582.46', '308.73', '1891.19', '13853.91'],
      ['1614.11', '277.08', '1891.19', '12239.80'],
      ['1646.39', '244.80', '1891.19', '10593.41'],
      ['1679.32', '211.87', '1891.19', '8914.09'],
      ['1712.91', '178.28', '1891.19', '7201.18'],
      ['1747.17', '144.02', '1891.19', '5454.01'],
      ['1782.11', '109.08', '1891.19', '3671.90'],
      ['1817.75', '73.44', '1891.19', '1854.15'],
      // the last instalment takes the principal left: 4 cents more than the others
      ['1854.15', '37.08', '1891.23', '0.00'],
    ]);
    expect(s.totals).toEqual({
      principal: '20000.00',
      interest: '2694.32',
      fees: '0.00',
      total: '22694.32',
      capitalisedInterest: '0.00',
    });
  });

  it('equal principal: Le 12,000 at 12% over 12 months repays 1,000.00 a month, interest falling by 10.00', () => {
    const s = buildSchedule({
      ...base,
      principal: '12000',
      annualRate: '12',
      method: 'equal_principal',
      instalments: 12,
    });
    expect(s.instalments.map((i) => i.interest)).toEqual(
      ['120', '110', '100', '90', '80', '70', '60', '50', '40', '30', '20', '10'].map((x) => `${x}.00`),
    );
    expect(new Set(s.instalments.map((i) => i.principal))).toEqual(new Set(['1000.00']));
    expect(s.instalments[0]!.total).toBe('1120.00');
    expect(s.totals.interest).toBe('780.00');
    expect(s.emi).toBeNull();
  });

  it('flat: Le 10,000 at 12% for a year costs 1,200.00; the last instalment takes the rounded-off cents', () => {
    const s = buildSchedule({
      ...base,
      principal: '10000',
      annualRate: '12',
      method: 'flat',
      instalments: 12,
    });
    expect(columns(s).slice(0, 2)).toEqual([
      ['833.33', '100.00', '933.33', '9166.67'],
      ['833.33', '100.00', '933.33', '8333.34'],
    ]);
    expect(columns(s).at(-1)).toEqual(['833.37', '100.00', '933.37', '0.00']);
    expect(s.totals.interest).toBe('1200.00');
    expect(s.totals.total).toBe('11200.00');
  });

  it('flat over weekly periods: years are periods ÷ 52', () => {
    // 5,200 × 26% × 26/52 = 676.00, 26.00 a week; principal 200.00 a week
    const s = buildSchedule({
      ...base,
      frequency: 'weekly',
      principal: '5200',
      annualRate: '26',
      method: 'flat',
      instalments: 26,
    });
    expect(s.totals.interest).toBe('676.00');
    expect(s.instalments[0]).toMatchObject({ principal: '200.00', interest: '26.00', total: '226.00' });
  });

  it('grace: one full-grace month capitalises its interest, one principal-grace month pays interest only', () => {
    const s = buildSchedule({
      ...base,
      principal: '10000',
      annualRate: '12',
      method: 'emi',
      instalments: 6,
      graceFull: 1,
      gracePrincipal: 1,
      insurancePerInstalment: '5',
    });
    expect(
      s.instalments.map((i) => [i.grace, i.principal, i.interest, i.fees, i.total, i.balanceAfter]),
    ).toEqual([
      ['full', '0.00', '0.00', '0.00', '0.00', '10100.00'],
      ['principal', '0.00', '101.00', '5.00', '106.00', '10100.00'],
      [null, '2487.44', '101.00', '5.00', '2593.44', '7612.56'],
      [null, '2512.31', '76.13', '5.00', '2593.44', '5100.25'],
      [null, '2537.44', '51.00', '5.00', '2593.44', '2562.81'],
      [null, '2562.81', '25.63', '5.00', '2593.44', '0.00'],
    ]);
    expect(s.instalments[0]!.capitalisedInterest).toBe('100.00');
    expect(s.emi).toBe('2588.44');
    expect(s.totals).toMatchObject({ principal: '10100.00', capitalisedInterest: '100.00', fees: '25.00' });
  });

  it('a processing fee is deducted from what is paid out, or added to what is owed', () => {
    const loan = { ...base, principal: '20000', annualRate: '24', method: 'emi', instalments: 12 } as const;
    const deducted = buildSchedule({ ...loan, processingFee: '400' });
    expect([deducted.netDisbursed, deducted.amountFinanced, deducted.emi]).toEqual([
      '19600.00',
      '20000.00',
      '1891.19',
    ]);
    const capitalised = buildSchedule({ ...loan, processingFee: '400', processingFeeMode: 'capitalised' });
    // 20,400 × 0.02 / (1 − 1.02^−12) = 1,929.0158… → 1,929.02
    expect([capitalised.netDisbursed, capitalised.amountFinanced, capitalised.emi]).toEqual([
      '20000.00',
      '20400.00',
      '1929.02',
    ]);
  });

  it('at 0% the EMI is the amount ÷ n and no interest is charged', () => {
    const s = buildSchedule({ ...base, principal: '1000', annualRate: '0', method: 'emi', instalments: 3 });
    expect(s.instalments.map((i) => i.principal)).toEqual(['333.33', '333.33', '333.34']);
    expect(s.totals.interest).toBe('0.00');
  });
});

describe('due dates', () => {
  const loan: LoanScheduleInput = {
    principal: '1000',
    annualRate: '10',
    method: 'emi',
    instalments: 6,
    frequency: 'monthly',
    disbursementDate: '2026-01-31',
  };

  it('count months from one anchor (31 January → 28 February → 31 March) and skip weekends', () => {
    // 28 Feb and 31 May 2026 fall on a Saturday and a Sunday
    expect(dueDates(loan)).toEqual([
      '2026-03-02',
      '2026-03-31',
      '2026-04-30',
      '2026-06-01',
      '2026-06-30',
      '2026-07-31',
    ]);
  });

  it('move off a listed holiday to the next business day, and start from the first due date given', () => {
    const dates = dueDates({
      ...loan,
      instalments: 9,
      firstDueDate: '2026-04-27',
      holidays: ['2026-04-27', '2026-12-25'],
    });
    // Independence Day (a Monday) → Tuesday; Christmas (Friday) → past the weekend to Monday 28 December
    expect(dates[0]).toBe('2026-04-28');
    expect(dates[8]).toBe('2026-12-28');
  });

  it('stay strictly increasing when a run of holidays swallows a whole period', () => {
    const holidays = Array.from({ length: 10 }, (_, k) => `2026-03-${String(9 + k).padStart(2, '0')}`);
    const dates = dueDates({
      ...loan,
      frequency: 'weekly',
      firstDueDate: '2026-03-09',
      instalments: 3,
      holidays,
    });
    expect(dates).toEqual(['2026-03-19', '2026-03-20', '2026-03-23']);
  });
});
