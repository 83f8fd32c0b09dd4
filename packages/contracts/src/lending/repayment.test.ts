import { describe, expect, it } from 'vitest';
import {
  allocateRepayment,
  applyPrepayment,
  payoffQuote,
  principalOutstanding,
  undoAllocation,
  type InstalmentState,
} from './repayment.ts';
import { buildSchedule } from './schedule.ts';

// The worked examples of ADR 0046, on the Salary Loan of ADR 0038 (Le 20,000 at 24% over 12 months,
// EMI 1,891.19, disbursed 15 January 2026): each figure is worked by hand there.

const schedule = buildSchedule({
  principal: '20000',
  annualRate: '24',
  method: 'emi',
  instalments: 12,
  frequency: 'monthly',
  disbursementDate: '2026-01-15',
});
const fresh: InstalmentState[] = schedule.instalments.map((i) => ({
  instalmentNumber: i.number,
  dueDate: i.dueDate,
  principalDue: i.principal,
  interestDue: i.interest,
  feeDue: i.fees,
  penaltyDue: '0.00',
  principalPaid: '0.00',
  interestPaid: '0.00',
  feePaid: '0.00',
  penaltyPaid: '0.00',
}));
/** Instalments 1 and 2 overdue with penalties of 50.00 and 25.00. */
const overdue = fresh.map((i) =>
  i.instalmentNumber === 1
    ? { ...i, penaltyDue: '50.00' }
    : i.instalmentNumber === 2
      ? { ...i, penaltyDue: '25.00' }
      : i,
);
/** Instalments 1 and 2 paid in full (penalties included). */
const paidUp = overdue.map((i) =>
  i.instalmentNumber <= 2
    ? { ...i, principalPaid: i.principalDue, interestPaid: i.interestDue, penaltyPaid: i.penaltyDue }
    : i,
);
const engine = { method: 'emi', annualRate: '24', frequency: 'monthly' } as const;
const rows = (xs: InstalmentState[]) =>
  xs.filter((i) => i.instalmentNumber >= 3).map((i) => [i.dueDate, i.principalDue, i.interestDue]);

describe('repayment engine: worked examples (ADR 0046)', () => {
  it('the due dates of the example', () => {
    expect(fresh.slice(0, 3).map((i) => i.dueDate)).toEqual(['2026-02-16', '2026-03-16', '2026-04-15']);
  });

  it('allocates Le 2,500 across two overdue instalments, oldest first, penalties → fees → interest → principal', () => {
    const a = allocateRepayment({ instalments: overdue, amount: '2500', asOf: '2026-03-20' });
    expect(a.allocations).toEqual([
      { instalmentNumber: 1, penalty: '50.00', fee: '0.00', interest: '400.00', principal: '1491.19' },
      { instalmentNumber: 2, penalty: '25.00', fee: '0.00', interest: '370.18', principal: '163.63' },
    ]);
    expect(a.totals).toEqual({ penalty: '75.00', fee: '0.00', interest: '770.18', principal: '1654.82' });
    expect([a.prepayment, a.excess]).toEqual(['0.00', '0.00']);
    expect(a.instalments[1]).toMatchObject({ principalPaid: '163.63', interestPaid: '370.18' });
    expect(undoAllocation(a.instalments, a.allocations)).toEqual(overdue);
  });

  it('follows the product order: principal first pays instalment 1 before its penalty', () => {
    const a = allocateRepayment({
      instalments: overdue,
      amount: '1500',
      asOf: '2026-03-20',
      order: ['principal', 'interest', 'fees', 'penalties'],
    });
    expect(a.allocations).toEqual([
      { instalmentNumber: 1, penalty: '0.00', fee: '0.00', interest: '8.81', principal: '1491.19' },
    ]);
  });

  it('never touches an instalment not yet due: the rest is refused, or prepaid when chosen', () => {
    const refuse = allocateRepayment({ instalments: paidUp, amount: '5000', asOf: '2026-03-20' });
    expect([refuse.allocations, refuse.prepayment, refuse.excess]).toEqual([[], '0.00', '5000.00']);
    const prepay = allocateRepayment({
      instalments: paidUp,
      amount: '20000',
      asOf: '2026-03-20',
      overpayment: 'prepay',
    });
    // only the 16,987.80 of principal still owed can be prepaid
    expect([prepay.prepayment, prepay.excess]).toEqual(['16987.80', '3012.20']);
  });

  it('a prepayment of Le 5,000 reducing the term: the same 1,891.19, nine instalments instead of twelve', () => {
    const p = applyPrepayment({
      ...engine,
      instalments: paidUp,
      prepayment: '5000',
      asOf: '2026-03-20',
      mode: 'reduce_term',
    });
    expect([p.principalBefore, p.principalAfter]).toEqual(['16987.80', '11987.80']);
    expect(rows(p.instalments)).toEqual([
      // the period under way keeps the interest fixed on its opening balance (16,987.80 × 2%)
      ['2026-04-15', '1651.43', '339.76'],
      ['2026-05-15', '1684.46', '206.73'],
      ['2026-06-15', '1718.15', '173.04'],
      ['2026-07-15', '1752.51', '138.68'],
      ['2026-08-17', '1787.56', '103.63'],
      ['2026-09-15', '1823.32', '67.87'],
      ['2026-10-15', '1570.37', '31.41'],
    ]);
    expect(principalOutstanding(p.instalments)).toBe('11987.80');
    expect(p.replaced.map((i) => i.instalmentNumber)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('a prepayment of Le 5,000 reducing the instalment: ten instalments of 1,334.56', () => {
    const p = applyPrepayment({
      ...engine,
      instalments: paidUp,
      prepayment: '5000',
      asOf: '2026-03-20',
      mode: 'reduce_instalment',
    });
    const left = p.instalments.filter((i) => i.instalmentNumber >= 3);
    expect(left).toHaveLength(10);
    expect(rows(p.instalments).slice(0, 2)).toEqual([
      ['2026-04-15', '1094.80', '339.76'],
      ['2026-05-15', '1116.70', '217.86'],
    ]);
    expect(rows(p.instalments).at(-1)).toEqual(['2027-01-15', '1308.40', '26.17']);
    expect(principalOutstanding(p.instalments)).toBe('11987.80');
  });

  it('a payoff quote on 1 April 2026: principal, 16 days of interest at actual/365, the unpaid penalty', () => {
    const owing = paidUp.map((i) => (i.instalmentNumber === 2 ? { ...i, penaltyPaid: '0.00' } : i));
    expect(
      payoffQuote({
        instalments: owing,
        annualRate: '24',
        asOf: '2026-04-01',
        disbursementDate: '2026-01-15',
      }),
    ).toEqual({
      asOf: '2026-04-01',
      principal: '16987.80',
      interestDue: '0.00',
      interestAccrued: '178.72',
      accruedFrom: '2026-03-16',
      days: 16,
      fees: '0.00',
      penalties: '25.00',
      total: '17191.52',
    });
  });

  it('a payoff quote before the first due date accrues from disbursement, at most the month’s interest; overdue interest is added', () => {
    expect(
      payoffQuote({
        instalments: fresh,
        annualRate: '24',
        asOf: '2026-02-15',
        disbursementDate: '2026-01-15',
      }),
    ).toMatchObject({ principal: '20000.00', interestAccrued: '400.00', days: 31, total: '20400.00' });
    // Ten February: 26 days, 20,000 × 0.24 × 26 ÷ 365 = 341.9178… → 341.92, under the cap.
    expect(
      payoffQuote({
        instalments: fresh,
        annualRate: '24',
        asOf: '2026-02-10',
        disbursementDate: '2026-01-15',
      }),
    ).toMatchObject({ interestAccrued: '341.92', days: 26, total: '20341.92' });
    expect(
      payoffQuote({
        instalments: overdue,
        annualRate: '24',
        asOf: '2026-03-16',
        disbursementDate: '2026-01-15',
      }),
    ).toMatchObject({
      interestDue: '770.18',
      interestAccrued: '0.00',
      penalties: '75.00',
      total: '20845.18',
    });
  });

  it('refuses what is not a payment or not this loan', () => {
    expect(() => allocateRepayment({ instalments: fresh, amount: '0', asOf: '2026-03-20' })).toThrow(
      RangeError,
    );
    expect(() =>
      allocateRepayment({
        instalments: fresh,
        amount: '1',
        asOf: '2026-03-20',
        order: ['principal', 'principal', 'fees', 'interest'],
      }),
    ).toThrow(RangeError);
    expect(() =>
      undoAllocation(fresh, [
        { instalmentNumber: 1, penalty: '0.00', fee: '0.00', interest: '1.00', principal: '0.00' },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      applyPrepayment({
        ...engine,
        instalments: paidUp,
        prepayment: '16987.81',
        asOf: '2026-03-20',
        mode: 'reduce_term',
      }),
    ).toThrow(RangeError);
  });
});
