import { z } from 'zod';
import { currencySchema, glCodeSchema, isoDateSchema } from '../banking.ts';
import { toCents } from '../money.ts';

/**
 * Deposit products (docs/deposits.md). A product's identity (code, type, currency, GL mappings) is fixed at
 * creation apart from its name and GL mappings; its pricing lives in versions with an effective date.
 * A new version applies from its date and never backwards: end of day reads the version in force on
 * each day it accrues. Creating a product and changing one are four-eyes (`product.change`).
 */
export const DEPOSIT_PRODUCT_TYPES = ['Current', 'Savings', 'Fixed Deposit', 'Mobile Wallet'] as const;
export type DepositProductType = (typeof DEPOSIT_PRODUCT_TYPES)[number];

export const PRODUCT_STATUSES = ['active', 'retired'] as const;

/**
 * A product as staff read it: its name with its currency, once. Names often carry the currency already
 * ("Domiciliary Savings (USD)"); adding it again read "Domiciliary Savings (USD) (USD)".
 */
export function productDisplayName(name: string, currency: string): string {
  return name.includes(`(${currency})`) ? name : `${name} (${currency})`;
}
export const INTEREST_POSTING_FREQUENCIES = ['monthly', 'quarterly'] as const;
/** The only day count the bank uses today; a list so a second one is a contracts change, not a rewrite. */
export const DAY_COUNTS = ['actual/365'] as const;
export const ROLLOVER_OPTIONS = ['none', 'principal', 'principal_and_interest'] as const;

export const PRODUCT_TEXT = {
  code: 'A product code is 2 to 12 capital letters, digits or hyphens (e.g. SAV-SLE)',
  name: 'Please enter the product name (2 to 80 characters)',
  amount: 'Enter an amount of zero or more, with at most 2 decimals',
  rate: 'Enter a yearly rate in percent between 0 and 100, with at most 4 decimals',
  tiers: 'Tiers start at 0.00 and rise: each tier’s minimum balance is above the one before',
  tenors: 'A fixed deposit product needs at least one tenor, each a different number of months',
  fdOnly: 'Only fixed deposit products have tenors, rollover and an early-withdrawal penalty',
  debitRateCurrentOnly: 'Only current accounts have overdraft (debit) interest',
  dormancy: 'Enter a dormancy period of 30 to 3650 days',
  effectiveFrom: 'A new version takes effect on the business date or later, never backwards',
  notFound: 'No product with this code.',
  duplicate: 'A product with this code exists',
} as const;

/** A non-negative amount as typed: "0", "500", "1500.50". */
export const amountAtLeastZeroSchema = z.string().regex(/^\d{1,16}(\.\d{1,2})?$/, PRODUCT_TEXT.amount);
/** A yearly rate in percent: "5", "12.5", "0.0125". */
export const ratePercentSchema = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, PRODUCT_TEXT.rate)
  .refine((r) => Number(r) <= 100, PRODUCT_TEXT.rate);

export const rateTierSchema = z.object({ minBalance: amountAtLeastZeroSchema, rate: ratePercentSchema });
export const fdTenorSchema = z.object({
  months: z.number().int().min(1).max(120),
  rate: ratePercentSchema,
});

export const productGlMappingSchema = z.object({
  /** The control account of every account of the product (a liability, is_control). */
  control: glCodeSchema,
  interestExpense: glCodeSchema,
  interestPayable: glCodeSchema,
  feeIncome: glCodeSchema,
  withholdingTaxPayable: glCodeSchema,
});
export type ProductGlMapping = z.infer<typeof productGlMappingSchema>;

/** One version of a product's pricing and rules. */
export const productTermsSchema = z
  .object({
    effectiveFrom: isoDateSchema,
    minOpeningBalance: amountAtLeastZeroSchema,
    minOperatingBalance: amountAtLeastZeroSchema,
    creditRate: ratePercentSchema,
    /** When non-empty the rate of the highest tier the balance reaches applies, and creditRate is unused. */
    creditTiers: z.array(rateTierSchema).max(10),
    dayCount: z.enum(DAY_COUNTS),
    postingFrequency: z.enum(INTEREST_POSTING_FREQUENCIES),
    /** Current accounts only; null for the others. */
    debitRate: ratePercentSchema.nullable(),
    monthlyFee: amountAtLeastZeroSchema,
    belowMinimumFee: amountAtLeastZeroSchema,
    closureFee: amountAtLeastZeroSchema,
    dormancyDays: z.number().int().min(30, PRODUCT_TEXT.dormancy).max(3650, PRODUCT_TEXT.dormancy),
    /** Fixed deposits only; null for the others. */
    fixedDeposit: z
      .object({
        tenors: z.array(fdTenorSchema).min(1, PRODUCT_TEXT.tenors).max(24),
        rollover: z.array(z.enum(ROLLOVER_OPTIONS)).min(1),
        earlyWithdrawalPenaltyRate: ratePercentSchema,
      })
      .nullable(),
  })
  .superRefine((t, ctx) => {
    const mins = t.creditTiers.map((x) => toCents(x.minBalance));
    if (mins.length > 0 && (mins[0] !== 0n || mins.some((m, i) => i > 0 && m <= mins[i - 1]!)))
      ctx.addIssue({ code: 'custom', message: PRODUCT_TEXT.tiers, path: ['creditTiers'] });
    const months = t.fixedDeposit?.tenors.map((x) => x.months) ?? [];
    if (new Set(months).size !== months.length)
      ctx.addIssue({ code: 'custom', message: PRODUCT_TEXT.tenors, path: ['fixedDeposit', 'tenors'] });
  });
export type ProductTerms = z.infer<typeof productTermsSchema>;

/** The type-specific rules the schema alone cannot see (needs the product's type). */
export const productTermsProblems = (
  type: DepositProductType,
  terms: ProductTerms,
): { path: string; message: string }[] => {
  const problems: { path: string; message: string }[] = [];
  if (type !== 'Current' && terms.debitRate !== null)
    problems.push({ path: 'terms.debitRate', message: PRODUCT_TEXT.debitRateCurrentOnly });
  if (type === 'Fixed Deposit' && terms.fixedDeposit === null)
    problems.push({ path: 'terms.fixedDeposit', message: PRODUCT_TEXT.tenors });
  if (type !== 'Fixed Deposit' && terms.fixedDeposit !== null)
    problems.push({ path: 'terms.fixedDeposit', message: PRODUCT_TEXT.fdOnly });
  return problems;
};

/** POST /api/products (202 with approvalId: a new product is four-eyes). */
export const productCreateSchema = z.object({
  code: z.string().regex(/^[A-Z0-9-]{2,12}$/, PRODUCT_TEXT.code),
  name: z.string().trim().min(2, PRODUCT_TEXT.name).max(80, PRODUCT_TEXT.name),
  accountType: z.enum(DEPOSIT_PRODUCT_TYPES),
  currency: currencySchema,
  gl: productGlMappingSchema,
  terms: productTermsSchema,
});
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** PUT /api/products/:code (202 with approvalId): a new terms version, and optionally name, GL or status. */
export const productChangeSchema = z.object({
  name: z.string().trim().min(2, PRODUCT_TEXT.name).max(80, PRODUCT_TEXT.name).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  gl: productGlMappingSchema.optional(),
  terms: productTermsSchema.optional(),
  reason: z.string().trim().min(1, 'Please give a reason').max(500),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

export const productVersionSchema = productTermsSchema.and(
  z.object({
    version: z.number().int(),
    approvedBy: z.string().nullable(),
    approvedAt: z.string().nullable(),
  }),
);

/** GET /api/products, GET /api/products/:code. `terms` is the version in force on the business date. */
export const productSchema = z.object({
  code: z.string(),
  name: z.string(),
  accountType: z.enum(DEPOSIT_PRODUCT_TYPES),
  currency: currencySchema,
  status: z.enum(PRODUCT_STATUSES),
  gl: productGlMappingSchema,
  terms: productTermsSchema,
  /** Every version, newest first (GET /api/products/:code only; [] in the list). */
  versions: z.array(productVersionSchema),
  /** Accounts of this product that are not Closed or Rejected. */
  openAccounts: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;
