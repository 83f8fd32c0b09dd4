import { z } from 'zod';
import { currencySchema, glCodeSchema } from '../banking.ts';
import { compareAmounts } from '../money.ts';
import { pageQuerySchema } from '../paging.ts';

/**
 * Loan products (docs/loan-products.md). A product's identity (code, currency) is fixed at creation; its
 * pricing and rules live in numbered versions. A change makes a new version that applies to loans
 * disbursed from then on: a loan keeps the version it was written under. Creating a product and
 * changing one are four-eyes (`loan_product.change`).
 */
export const LOAN_INTEREST_METHODS = ['emi', 'equal_principal', 'flat'] as const;
export type LoanInterestMethod = (typeof LOAN_INTEREST_METHODS)[number];
export const LOAN_REPAYMENT_FREQUENCIES = ['monthly', 'fortnightly', 'weekly'] as const;
export type LoanRepaymentFrequency = (typeof LOAN_REPAYMENT_FREQUENCIES)[number];
export const LOAN_FEE_KINDS = ['percent', 'fixed'] as const;
export const LOAN_FEE_TREATMENTS = ['deducted', 'capitalised'] as const;
export const LOAN_PENALTY_KINDS = ['fixed', 'percent'] as const;
export const LOAN_ALLOCATION_PARTS = ['penalties', 'fees', 'interest', 'principal'] as const;
export type LoanAllocationPart = (typeof LOAN_ALLOCATION_PARTS)[number];
/** What a repayment pays first when it does not cover everything due (the usual order). */
export const DEFAULT_ALLOCATION_ORDER: LoanAllocationPart[] = [...LOAN_ALLOCATION_PARTS];
export const LOAN_PREPAYMENT_HANDLING = ['reduce_term', 'reduce_instalment'] as const;
export const LOAN_PRODUCT_STATUSES = ['active', 'retired'] as const;
export const LOAN_PRODUCT_SORTS = ['code', 'name', 'currency', 'status'] as const;

/** The longest term a product may allow, in instalments (ten years of weeks). */
export const MAX_LOAN_TERM = 520;
/** Grace periods a product may allow at most, of each kind. */
export const MAX_GRACE_PERIODS = 24;

/** Words the screen shows for the enum values (one place, read by the web and the docs). */
export const LOAN_LABELS = {
  interestMethod: { emi: 'EMI (equal instalments)', equal_principal: 'Equal principal', flat: 'Flat' },
  frequency: { monthly: 'Monthly', fortnightly: 'Fortnightly', weekly: 'Weekly' },
  feeKind: { percent: 'Percent of principal', fixed: 'Fixed amount' },
  feeTreatment: { deducted: 'Deducted at disbursement', capitalised: 'Capitalised (added to the loan)' },
  penaltyKind: { fixed: 'Fixed amount', percent: 'Percent of the overdue instalment' },
  allocation: { penalties: 'Penalties', fees: 'Fees', interest: 'Interest', principal: 'Principal' },
  prepayment: { reduce_term: 'Reduce the term', reduce_instalment: 'Reduce the instalment' },
} as const;

export const LOAN_PRODUCT_TEXT = {
  code: 'A product code is 2 to 12 capital letters, digits or hyphens (e.g. SAL-SLE)',
  name: 'Please enter the product name (2 to 80 characters)',
  amount: 'Enter an amount above zero, with at most 2 decimals',
  feeAmount: 'Enter an amount of zero or more, with at most 2 decimals',
  rate: 'Enter a percentage between 0 and 100, with at most 4 decimals',
  amountRange: 'The largest amount must be at least the smallest',
  term: `Enter a number of instalments from 1 to ${MAX_LOAN_TERM}`,
  termRange: 'The longest term must be at least the shortest',
  rateRange: 'The highest rate must be at least the lowest',
  defaultRate: 'The typical rate must lie between the lowest and the highest rate',
  grace: `Enter 0 to ${MAX_GRACE_PERIODS} periods`,
  graceTerm: 'Grace periods must leave at least one repayment within the shortest term',
  tolerance: 'Enter 0 to 365 days',
  allocation: 'Name each of penalties, fees, interest and principal exactly once',
  dsr: 'Enter a ratio above 0 and up to 100 percent, or leave it empty',
  notFound: 'No loan product with this code.',
  duplicate: 'A loan product with this code exists',
  nothingToChange: 'Nothing to change: give new terms, a name, a status or GL mappings',
  portfolioFixed: 'The loan portfolio account of a product cannot change',
  reason: 'Please give a reason',
} as const;

/** A decimal amount as typed: "1000", "1500.50". */
const moneyString = z.string().regex(/^\d{1,16}(\.\d{1,2})?$/, LOAN_PRODUCT_TEXT.amount);
/** A percentage: "24", "2.5", "0.0125", at most 100. */
const RATE_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;
export const loanRateSchema = z
  .string()
  .regex(RATE_PATTERN, LOAN_PRODUCT_TEXT.rate)
  .refine((r) => Number(r) <= 100, LOAN_PRODUCT_TEXT.rate);
const termSchema = z
  .number({ error: LOAN_PRODUCT_TEXT.term })
  .int(LOAN_PRODUCT_TEXT.term)
  .min(1, LOAN_PRODUCT_TEXT.term)
  .max(MAX_LOAN_TERM, LOAN_PRODUCT_TEXT.term);
const graceSchema = z
  .number({ error: LOAN_PRODUCT_TEXT.grace })
  .int(LOAN_PRODUCT_TEXT.grace)
  .min(0, LOAN_PRODUCT_TEXT.grace)
  .max(MAX_GRACE_PERIODS, LOAN_PRODUCT_TEXT.grace);

export const loanProductGlSchema = z.object({
  /** The loans' control account: an asset control account in the product's currency. */
  portfolio: glCodeSchema,
  interestReceivable: glCodeSchema,
  interestIncome: glCodeSchema,
  feeIncome: glCodeSchema,
  penaltyIncome: glCodeSchema,
});
export type LoanProductGl = z.infer<typeof loanProductGlSchema>;

/** Rates compare as numbers of 1/10,000 percent, never as floats. */
const rateUnits = (r: string): bigint => {
  const [whole = '0', frac = ''] = r.split('.');
  return BigInt(whole) * 10_000n + BigInt(frac.padEnd(4, '0'));
};

/** One version of a loan product's pricing and rules. */
export const loanProductTermsSchema = z
  .object({
    interestMethod: z.enum(LOAN_INTEREST_METHODS),
    repaymentFrequency: z.enum(LOAN_REPAYMENT_FREQUENCIES),
    amount: z.object({ min: moneyString, max: moneyString }),
    /** In instalments of the repayment frequency. */
    term: z.object({ min: termSchema, max: termSchema }),
    /** Nominal yearly rate in percent; `default` is what a new loan is offered unless the officer changes it. */
    rate: z.object({ min: loanRateSchema, max: loanRateSchema, default: loanRateSchema }),
    grace: z.object({ maxPrincipalOnly: graceSchema, maxFull: graceSchema }),
    processingFee: z.object({
      kind: z.enum(LOAN_FEE_KINDS),
      /** A percentage of the principal, or an amount in the product's currency. */
      value: z.string(),
      treatment: z.enum(LOAN_FEE_TREATMENTS),
    }),
    /** Credit life insurance, percent of the outstanding principal per year; null: none. */
    insuranceRate: loanRateSchema.nullable(),
    penalty: z.object({
      kind: z.enum(LOAN_PENALTY_KINDS),
      value: z.string(),
      toleranceDays: z
        .number({ error: LOAN_PRODUCT_TEXT.tolerance })
        .int(LOAN_PRODUCT_TEXT.tolerance)
        .min(0, LOAN_PRODUCT_TEXT.tolerance)
        .max(365, LOAN_PRODUCT_TEXT.tolerance),
    }),
    allocationOrder: z.array(z.enum(LOAN_ALLOCATION_PARTS)),
    prepayment: z.enum(LOAN_PREPAYMENT_HANDLING),
    /** Salary loans: instalments may take at most this percent of the net monthly salary; null: no limit. */
    maxDebtServiceRatio: loanRateSchema
      // Only a well-formed rate is compared (zod runs every check, even after the pattern failed).
      .refine((r) => !RATE_PATTERN.test(r) || rateUnits(r) > 0n, LOAN_PRODUCT_TEXT.dsr)
      .nullable(),
  })
  .superRefine((t, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', message, path });
    const money = moneyString.safeParse(t.amount.min).success && moneyString.safeParse(t.amount.max).success;
    if (money && compareAmounts(t.amount.min, '0') <= 0) issue(['amount', 'min'], LOAN_PRODUCT_TEXT.amount);
    if (money && compareAmounts(t.amount.min, t.amount.max) > 0)
      issue(['amount', 'max'], LOAN_PRODUCT_TEXT.amountRange);
    if (t.term.min > t.term.max) issue(['term', 'max'], LOAN_PRODUCT_TEXT.termRange);
    const rates = [t.rate.min, t.rate.max, t.rate.default];
    if (rates.every((r) => loanRateSchema.safeParse(r).success)) {
      const [lo, hi, typical] = rates.map(rateUnits) as [bigint, bigint, bigint];
      if (lo > hi) issue(['rate', 'max'], LOAN_PRODUCT_TEXT.rateRange);
      else if (typical < lo || typical > hi) issue(['rate', 'default'], LOAN_PRODUCT_TEXT.defaultRate);
    }
    if (t.grace.maxPrincipalOnly + t.grace.maxFull >= t.term.min)
      issue(['grace', 'maxFull'], LOAN_PRODUCT_TEXT.graceTerm);
    const fee = t.processingFee;
    if (
      fee.kind === 'percent'
        ? !loanRateSchema.safeParse(fee.value).success
        : !/^\d{1,16}(\.\d{1,2})?$/.test(fee.value)
    )
      issue(
        ['processingFee', 'value'],
        fee.kind === 'percent' ? LOAN_PRODUCT_TEXT.rate : LOAN_PRODUCT_TEXT.feeAmount,
      );
    const pen = t.penalty;
    if (
      pen.kind === 'percent'
        ? !loanRateSchema.safeParse(pen.value).success
        : !/^\d{1,16}(\.\d{1,2})?$/.test(pen.value)
    )
      issue(
        ['penalty', 'value'],
        pen.kind === 'percent' ? LOAN_PRODUCT_TEXT.rate : LOAN_PRODUCT_TEXT.feeAmount,
      );
    const order = t.allocationOrder;
    if (order.length !== LOAN_ALLOCATION_PARTS.length || new Set(order).size !== order.length)
      issue(['allocationOrder'], LOAN_PRODUCT_TEXT.allocation);
  });
export type LoanProductTerms = z.infer<typeof loanProductTermsSchema>;

const nameSchema = z.string().trim().min(2, LOAN_PRODUCT_TEXT.name).max(80, LOAN_PRODUCT_TEXT.name);

/** POST /api/loan-products (202 with approvalId: a new product is four-eyes). */
export const loanProductCreateSchema = z.object({
  code: z.string().regex(/^[A-Z0-9-]{2,12}$/, LOAN_PRODUCT_TEXT.code),
  name: nameSchema,
  currency: currencySchema,
  gl: loanProductGlSchema,
  terms: loanProductTermsSchema,
});
export type LoanProductCreate = z.infer<typeof loanProductCreateSchema>;

/** PUT /api/loan-products/:code (202 with approvalId): new terms (a new version), name, status, GL. */
export const loanProductChangeSchema = z.object({
  name: nameSchema.optional(),
  status: z.enum(LOAN_PRODUCT_STATUSES).optional(),
  gl: loanProductGlSchema.optional(),
  terms: loanProductTermsSchema.optional(),
  reason: z.string().trim().min(1, LOAN_PRODUCT_TEXT.reason).max(500),
});
export type LoanProductChange = z.infer<typeof loanProductChangeSchema>;

export const loanProductVersionSchema = z.object({
  version: z.number().int(),
  terms: loanProductTermsSchema,
  /** Why the maker asked for it (null for version 1). */
  reason: z.string().nullable(),
  /** The checker who approved it; null for the seeded products. */
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type LoanProductVersion = z.infer<typeof loanProductVersionSchema>;

/** GET /api/loan-products (a page) and GET /api/loan-products/:code. */
export const loanProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: currencySchema,
  status: z.enum(LOAN_PRODUCT_STATUSES),
  gl: loanProductGlSchema,
  /** The newest version: what a loan disbursed today is written under. */
  version: z.number().int(),
  terms: loanProductTermsSchema,
  /** Every version, newest first (GET /api/loan-products/:code only; [] in the list). */
  versions: z.array(loanProductVersionSchema),
});
export type LoanProduct = z.infer<typeof loanProductSchema>;

/** GET /api/loan-products: a page, sorted and filtered in the database. */
export const loanProductListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(LOAN_PRODUCT_SORTS).default('code'),
  order: z.enum(['asc', 'desc']).default('asc'),
  status: z.enum(LOAN_PRODUCT_STATUSES).optional(),
  currency: currencySchema.optional(),
});
export type LoanProductListQuery = z.infer<typeof loanProductListQuerySchema>;
