import { describe, expect, it } from 'vitest';
import { LOAN_PRODUCT_TEXT, loanProductTermsSchema, type LoanProductTerms } from './products.ts';

const terms: LoanProductTerms = {
  interestMethod: 'flat',
  repaymentFrequency: 'weekly',
  amount: { min: '500.00', max: '20000.00' },
  term: { min: 13, max: 26 },
  rate: { min: '30', max: '30', default: '30' },
  grace: { maxPrincipalOnly: 0, maxFull: 0 },
  processingFee: { kind: 'fixed', value: '25.00', treatment: 'deducted' },
  insuranceRate: null,
  penalty: { kind: 'fixed', value: '10', toleranceDays: 2 },
  allocationOrder: ['penalties', 'fees', 'interest', 'principal'],
  prepayment: 'reduce_term',
  maxDebtServiceRatio: null,
};

/** The messages each bad value gets, by field path. */
const problems = (over: Partial<LoanProductTerms>) => {
  const r = loanProductTermsSchema.safeParse({ ...terms, ...over });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('loan product terms', () => {
  it('accepts a one-rate range and any order of the four allocation parts', () => {
    expect(problems({})).toEqual({});
    expect(problems({ allocationOrder: ['principal', 'interest', 'fees', 'penalties'] })).toEqual({});
  });

  it('compares rates as decimals, not as text: 9.5 is below 10', () => {
    expect(problems({ rate: { min: '9.5', max: '10', default: '9.75' } })).toEqual({});
    expect(problems({ rate: { min: '10', max: '9.5', default: '10' } })).toEqual({
      'rate.max': LOAN_PRODUCT_TEXT.rateRange,
    });
  });

  it('names a garbled figure at its field instead of failing on it', () => {
    expect(problems({ maxDebtServiceRatio: 'al-ne4w0' })).toEqual({
      maxDebtServiceRatio: LOAN_PRODUCT_TEXT.rate,
    });
    expect(problems({ rate: { min: 'x', max: '30', default: '30' } })).toEqual({
      'rate.min': LOAN_PRODUCT_TEXT.rate,
    });
    expect(problems({ processingFee: { kind: 'percent', value: '101', treatment: 'deducted' } })).toEqual({
      'processingFee.value': LOAN_PRODUCT_TEXT.rate,
    });
  });

  it('refuses an allocation order that is not a permutation', () => {
    expect(problems({ allocationOrder: ['fees', 'fees', 'interest', 'principal'] })).toEqual({
      allocationOrder: LOAN_PRODUCT_TEXT.allocation,
    });
  });
});
