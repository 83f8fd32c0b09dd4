import type { LoanProductCreate, LoanProductTerms } from '@bankmanager/contracts';

/** Terms of a plain monthly EMI salary loan; `over` replaces whole groups. */
export const loanTerms = (over: Partial<LoanProductTerms> = {}): LoanProductTerms => ({
  interestMethod: 'emi',
  repaymentFrequency: 'monthly',
  amount: { min: '1000.00', max: '200000.00' },
  term: { min: 3, max: 36 },
  rate: { min: '18.0000', max: '30.0000', default: '24.0000' },
  grace: { maxPrincipalOnly: 0, maxFull: 0 },
  processingFee: { kind: 'percent', value: '2.0000', treatment: 'deducted' },
  insuranceRate: null,
  penalty: { kind: 'percent', value: '5.0000', toleranceDays: 5 },
  allocationOrder: ['penalties', 'fees', 'interest', 'principal'],
  prepayment: 'reduce_term',
  maxDebtServiceRatio: '40.0000',
  ...over,
});

let n = 0;
/** A valid new Leone loan product on the chart's loan accounts. */
export const newLoanProduct = (over: Partial<LoanProductCreate> = {}): LoanProductCreate => ({
  code: `LP-${++n}`,
  name: 'Test Salary Loan',
  currency: 'SLE',
  gl: {
    portfolio: '1410',
    interestReceivable: '1421',
    interestIncome: '4011',
    feeIncome: '4021',
    penaltyIncome: '4040',
  },
  terms: loanTerms(),
  ...over,
});
