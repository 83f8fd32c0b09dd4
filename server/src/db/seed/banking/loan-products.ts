import { DEFAULT_ALLOCATION_ORDER } from '@bankmanager/contracts';
import type { Database } from '../../client.ts';
import { loanProducts, loanProductVersions } from '../../schema/lending.ts';

type ProductRow = typeof loanProducts.$inferInsert;
type VersionRow = typeof loanProductVersions.$inferInsert;

/** Every demo loan product books to the Leone loan portfolio, the loans' interest receivable (migration 0085) and the loan income accounts (migration 0069). */
const LEONE_GL = {
  currency: 'SLE',
  portfolioGl: '1410',
  interestReceivableGl: '1421',
  interestIncomeGl: '4011',
  feeIncomeGl: '4021',
  penaltyIncomeGl: '4040',
} as const;

export const LOAN_PRODUCTS: ProductRow[] = [
  { code: 'SAL-SLE', name: 'Salary Loan', ...LEONE_GL },
  { code: 'SME-SLE', name: 'SME Term Loan', ...LEONE_GL },
  { code: 'MIC-SLE', name: 'Micro Loan', ...LEONE_GL },
];

/**
 * Version 1 of each, as seeded (no checker: approvedBy stays null). The figures are demo assumptions,
 * not a bank's tariff; docs/decisions/0039-demo-loan-products.md gives each and why.
 */
export const LOAN_PRODUCT_TERMS: VersionRow[] = [
  {
    productCode: 'SAL-SLE',
    version: 1,
    interestMethod: 'emi',
    repaymentFrequency: 'monthly',
    minAmount: '1000.00',
    maxAmount: '200000.00',
    minTerm: 3,
    maxTerm: 36,
    minRate: '18.0000',
    maxRate: '30.0000',
    defaultRate: '24.0000',
    feeKind: 'percent',
    feeValue: '2.0000',
    feeTreatment: 'deducted',
    insuranceRate: '1.0000',
    penaltyKind: 'percent',
    penaltyValue: '5.0000',
    penaltyToleranceDays: 5,
    allocationOrder: DEFAULT_ALLOCATION_ORDER,
    prepayment: 'reduce_term',
    maxDebtServiceRatio: '40.0000',
  },
  {
    productCode: 'SME-SLE',
    version: 1,
    interestMethod: 'equal_principal',
    repaymentFrequency: 'monthly',
    minAmount: '10000.00',
    maxAmount: '2000000.00',
    minTerm: 6,
    maxTerm: 60,
    minRate: '20.0000',
    maxRate: '32.0000',
    defaultRate: '28.0000',
    maxPrincipalGrace: 3,
    feeKind: 'percent',
    feeValue: '2.5000',
    feeTreatment: 'deducted',
    penaltyKind: 'percent',
    penaltyValue: '5.0000',
    penaltyToleranceDays: 7,
    allocationOrder: DEFAULT_ALLOCATION_ORDER,
    prepayment: 'reduce_instalment',
  },
  {
    productCode: 'MIC-SLE',
    version: 1,
    interestMethod: 'flat',
    repaymentFrequency: 'weekly',
    minAmount: '500.00',
    maxAmount: '20000.00',
    minTerm: 13,
    maxTerm: 26,
    minRate: '30.0000',
    maxRate: '30.0000',
    defaultRate: '30.0000',
    feeKind: 'fixed',
    feeValue: '25.0000',
    feeTreatment: 'deducted',
    penaltyKind: 'fixed',
    penaltyValue: '10.0000',
    penaltyToleranceDays: 2,
    allocationOrder: DEFAULT_ALLOCATION_ORDER,
    prepayment: 'reduce_term',
  },
];

/** The demo's loan products; a database that has them keeps them as they are. */
export async function insertLoanProducts(tx: Database): Promise<void> {
  await tx.insert(loanProducts).values(LOAN_PRODUCTS).onConflictDoNothing();
  await tx.insert(loanProductVersions).values(LOAN_PRODUCT_TERMS).onConflictDoNothing();
}
