import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  CURRENCIES,
  LOAN_ALLOCATION_PARTS,
  LOAN_FEE_KINDS,
  LOAN_FEE_TREATMENTS,
  LOAN_INTEREST_METHODS,
  LOAN_PENALTY_KINDS,
  LOAN_PREPAYMENT_HANDLING,
  LOAN_PRODUCT_STATUSES,
  LOAN_REPAYMENT_FREQUENCIES,
  MAX_GRACE_PERIODS,
  MAX_LOAN_TERM,
} from '@bankmanager/contracts';
import { inList } from './banking.ts';
import { glAccounts } from './ledger.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 9, scale: 4 });
/** A fee or penalty: a percentage (4 decimals) or an amount (2), as its kind says. */
const amountOrRate = (name: string) => numeric(name, { precision: 18, scale: 4 });
const gl = (name: string) =>
  text(name)
    .notNull()
    .references(() => glAccounts.code);

/**
 * Loan products (docs/loan-products.md): the identity and the GL accounts its loans post to. Pricing and
 * rules are in `loan_product_versions`; the products module alone writes both, on a checker's approval.
 */
export const loanProducts = pgTable(
  'loan_products',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: LOAN_PRODUCT_STATUSES }).notNull().default('active'),
    portfolioGl: gl('portfolio_gl'),
    interestReceivableGl: gl('interest_receivable_gl'),
    interestIncomeGl: gl('interest_income_gl'),
    feeIncomeGl: gl('fee_income_gl'),
    penaltyIncomeGl: gl('penalty_income_gl'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('loan_products_currency_check', sql`${t.currency} in (${inList(CURRENCIES)})`),
    check('loan_products_status_check', sql`${t.status} in (${inList(LOAN_PRODUCT_STATUSES)})`),
    check('loan_products_code_check', sql`${t.code} ~ '^[A-Z0-9-]{2,12}$'`),
  ],
);

/**
 * One version of a loan product's terms. A version is never changed: a change is a new version, and a
 * loan records the version it was written under, so a change applies to new loans only. The ranges
 * are checked here as well as in the contracts, so no writer can store a product that makes no sense.
 */
export const loanProductVersions = pgTable(
  'loan_product_versions',
  {
    productCode: text('product_code')
      .notNull()
      .references(() => loanProducts.code),
    version: integer('version').notNull(),
    interestMethod: text('interest_method', { enum: LOAN_INTEREST_METHODS }).notNull(),
    repaymentFrequency: text('repayment_frequency', { enum: LOAN_REPAYMENT_FREQUENCIES }).notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    minTerm: integer('min_term').notNull(),
    maxTerm: integer('max_term').notNull(),
    minRate: rate('min_rate').notNull(),
    maxRate: rate('max_rate').notNull(),
    defaultRate: rate('default_rate').notNull(),
    maxPrincipalGrace: integer('max_principal_grace').notNull().default(0),
    maxFullGrace: integer('max_full_grace').notNull().default(0),
    feeKind: text('fee_kind', { enum: LOAN_FEE_KINDS }).notNull(),
    /** A percentage when fee_kind is 'percent', else an amount in the product's currency. */
    feeValue: amountOrRate('fee_value').notNull(),
    feeTreatment: text('fee_treatment', { enum: LOAN_FEE_TREATMENTS }).notNull(),
    insuranceRate: rate('insurance_rate'),
    penaltyKind: text('penalty_kind', { enum: LOAN_PENALTY_KINDS }).notNull(),
    penaltyValue: amountOrRate('penalty_value').notNull(),
    penaltyToleranceDays: integer('penalty_tolerance_days').notNull(),
    allocationOrder: text('allocation_order').array().notNull(),
    prepayment: text('prepayment', { enum: LOAN_PREPAYMENT_HANDLING }).notNull(),
    maxDebtServiceRatio: rate('max_debt_service_ratio'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The checker who approved it; null for the seeded products. */
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.productCode, t.version] }),
    check('loan_product_versions_version_check', sql`${t.version} >= 1`),
    check(
      'loan_product_versions_method_check',
      sql`${t.interestMethod} in (${inList(LOAN_INTEREST_METHODS)})`,
    ),
    check(
      'loan_product_versions_frequency_check',
      sql`${t.repaymentFrequency} in (${inList(LOAN_REPAYMENT_FREQUENCIES)})`,
    ),
    check('loan_product_versions_amount_check', sql`${t.minAmount} > 0 and ${t.minAmount} <= ${t.maxAmount}`),
    check(
      'loan_product_versions_term_check',
      sql`${t.minTerm} >= 1 and ${t.minTerm} <= ${t.maxTerm} and ${t.maxTerm} <= ${sql.raw(String(MAX_LOAN_TERM))}`,
    ),
    check(
      'loan_product_versions_rate_check',
      sql`${t.minRate} >= 0 and ${t.minRate} <= ${t.defaultRate} and ${t.defaultRate} <= ${t.maxRate} and ${t.maxRate} <= 100`,
    ),
    check(
      'loan_product_versions_grace_check',
      sql`${t.maxPrincipalGrace} between 0 and ${sql.raw(String(MAX_GRACE_PERIODS))}
        and ${t.maxFullGrace} between 0 and ${sql.raw(String(MAX_GRACE_PERIODS))}
        and ${t.maxPrincipalGrace} + ${t.maxFullGrace} < ${t.minTerm}`,
    ),
    check(
      'loan_product_versions_fee_check',
      sql`${t.feeKind} in (${inList(LOAN_FEE_KINDS)}) and ${t.feeTreatment} in (${inList(LOAN_FEE_TREATMENTS)})
        and ${t.feeValue} >= 0 and (${t.feeKind} <> 'percent' or ${t.feeValue} <= 100)`,
    ),
    check(
      'loan_product_versions_penalty_check',
      sql`${t.penaltyKind} in (${inList(LOAN_PENALTY_KINDS)}) and ${t.penaltyValue} >= 0
        and (${t.penaltyKind} <> 'percent' or ${t.penaltyValue} <= 100)
        and ${t.penaltyToleranceDays} between 0 and 365`,
    ),
    check(
      'loan_product_versions_ratios_check',
      sql`coalesce(${t.insuranceRate}, 0) between 0 and 100
        and (${t.maxDebtServiceRatio} is null or (${t.maxDebtServiceRatio} > 0 and ${t.maxDebtServiceRatio} <= 100))`,
    ),
    // A permutation: four entries that between them name all four parts.
    check(
      'loan_product_versions_allocation_check',
      sql`cardinality(${t.allocationOrder}) = 4 and ${t.allocationOrder} @> array[${inList(LOAN_ALLOCATION_PARTS)}]::text[]`,
    ),
    check(
      'loan_product_versions_prepayment_check',
      sql`${t.prepayment} in (${inList(LOAN_PREPAYMENT_HANDLING)})`,
    ),
  ],
);
