import { z } from 'zod';
import { currencySchema, isoDateSchema, moneySchema } from './banking.ts';
import { toCents } from './money.ts';
import { reportServedSchema } from './report-source.ts';

/*
 * Enquiries → Snapshot View and Deposit & Borrowing Analysis: read from the daily aggregates end of day
 * keeps (ADR 0049), never by summing transactions at request time, so a screen opens in the same time
 * whatever the size of the book or its history. Money is a decimal string per currency, never added
 * across SLE and USD.
 */

export const ENQUIRY_ANALYSIS_TEXT = {
  snapshotTitle: 'Snapshot View',
  analysisTitle: 'Deposit & Borrowing Analysis',
  future: 'Choose a date on or before the current business date.',
  monthOrder: '"To" must be the same month as "From" or later.',
  monthSpan: 'Choose at most 36 months.',
  noSnapshot: 'No end-of-day figures were kept on or before that date.',
} as const;

/** Whose figures a screen or its file shows: "All branches", "Branch 301", "Branch 301, product E-SAV". */
export const analysisScopeLabel = (branch: string | null, product: string | null): string =>
  `${branch === null ? 'All branches' : `Branch ${branch}`}${product ? `, product ${product}` : ''}`;

const branchFilter = z
  .string()
  .regex(/^\d{3}$/, 'must be a branch code of three digits')
  .optional();
const productFilter = z
  .string()
  .regex(/^[A-Z0-9-]{2,12}$/, 'must be a product code')
  .optional();

/** What an analysis screen answers: its JSON, or the same figures as a file (XLSX: numbers as numbers). */
export const ANALYSIS_FILE_FORMATS = ['csv', 'pdf', 'xlsx'] as const;
export type AnalysisFileFormat = (typeof ANALYSIS_FILE_FORMATS)[number];
const ANALYSIS_FORMATS = ['json', ...ANALYSIS_FILE_FORMATS] as const;
const formatFilter = z.enum(ANALYSIS_FORMATS).default('json');

export const snapshotQuerySchema = z.object({
  /** The business date whose closing balances are wanted. */
  date: isoDateSchema,
  branch: branchFilter,
  product: productFilter,
  format: formatFilter,
});
export type SnapshotQuery = z.infer<typeof snapshotQuerySchema>;

/** One branch's product in one currency at the close of the day (a loan's outstanding is positive). */
export const snapshotRowSchema = z.object({
  branchCode: z.string(),
  branchName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  accountType: z.string(),
  /** Deposits (every account type but Loan) or loans. */
  kind: z.enum(['deposit', 'loan']),
  currency: currencySchema,
  /** A deposit's balance; a loan's outstanding principal as a positive figure. */
  amount: moneySchema,
  accounts: z.number().int(),
});
export type SnapshotRow = z.infer<typeof snapshotRowSchema>;

export const snapshotTotalSchema = z.object({
  kind: z.enum(['deposit', 'loan']),
  currency: currencySchema,
  amount: moneySchema,
  accounts: z.number().int(),
});

export const snapshotSchema = z.object({
  /** The date asked for. */
  date: z.string(),
  /**
   * The aggregated business date the figures are: the asked date itself, or the last one kept before
   * it (a Sunday's balances are Saturday's close); null when none was kept.
   */
  asAt: z.string().nullable(),
  /** null: every branch. */
  branch: z.string().nullable(),
  product: z.string().nullable(),
  rows: z.array(snapshotRowSchema),
  totals: z.array(snapshotTotalSchema),
  served: reportServedSchema.optional(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM');

export const depositBorrowingQuerySchema = z.object({
  from: monthSchema,
  to: monthSchema,
  branch: branchFilter,
  product: productFilter,
  /** The screen shows one currency at a time: a file of it carries that currency only (absent: both). */
  currency: currencySchema.optional(),
  format: formatFilter,
});
export type DepositBorrowingQuery = z.infer<typeof depositBorrowingQuerySchema>;

/** A month's closing figures in one currency: its last aggregated day (the current month: the newest). */
export const monthEndFiguresSchema = z.object({
  month: z.string(),
  currency: currencySchema,
  /** null when no day of that month was aggregated. */
  asAt: z.string().nullable(),
  deposits: moneySchema.nullable(),
  loans: moneySchema.nullable(),
  depositAccounts: z.number().int().nullable(),
  loanAccounts: z.number().int().nullable(),
  /** Against the month before within the period; null for the first month or a month without figures. */
  depositsChange: moneySchema.nullable(),
  loansChange: moneySchema.nullable(),
});
export type MonthEnd = z.infer<typeof monthEndFiguresSchema>;

export const productMixSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  kind: z.enum(['deposit', 'loan']),
  currency: currencySchema,
  amount: moneySchema,
  accounts: z.number().int(),
});
export type ProductMix = z.infer<typeof productMixSchema>;

/**
 * A product's share of its kind (deposits or loans) in percent to one decimal ("12.3"), rounded half
 * up from cents; null when the kind totals nothing. The screen and its files print the same figure.
 */
export function shareOfKind(amount: string, total: bigint): string | null {
  if (total === 0n) return null;
  const q = (toCents(amount) * 2000n + total) / (2n * total);
  return `${q / 10n}.${q % 10n}`;
}

/** The share as the screen shows it: "12.3%", or "—" when the kind totals nothing. */
export const sharePercent = (amount: string, total: bigint): string => {
  const s = shareOfKind(amount, total);
  return s === null ? '—' : `${s}%`;
};

export const depositBorrowingSchema = z.object({
  from: z.string(),
  to: z.string(),
  branch: z.string().nullable(),
  product: z.string().nullable(),
  months: z.array(monthEndFiguresSchema),
  /** The mix by product at the period's last month end with figures. */
  mixAsAt: z.string().nullable(),
  mix: z.array(productMixSchema),
  served: reportServedSchema.optional(),
});
export type DepositBorrowing = z.infer<typeof depositBorrowingSchema>;

export const BRANCH_STATISTICS_TEXT = {
  title: 'Branch Statistics',
  dateOrder: '"To" must be the same day as "From" or later.',
  span: 'Choose at most 366 days.',
} as const;

export const branchStatisticsQuerySchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  branch: branchFilter,
  currency: currencySchema.default('SLE'),
  format: formatFilter,
});
export type BranchStatisticsQuery = z.infer<typeof branchStatisticsQuerySchema>;

/** One branch over the period: openings counted by their indexes, balances at the period's last close. */
export const branchStatisticsRowSchema = z.object({
  branchCode: z.string(),
  branchName: z.string(),
  customersOpened: z.number().int(),
  accountsOpened: z.number().int(),
  /** Accounts open at the close before the period, plus those opened, less those open at its end; null without a close before it. */
  accountsClosed: z.number().int().nullable(),
  deposits: moneySchema,
  loans: moneySchema,
  /** The vault (GL 1010-<branch>) at the close: tills are counted back into it at end of day. */
  cash: moneySchema,
});
export type BranchStatisticsRow = z.infer<typeof branchStatisticsRowSchema>;

export const branchStatisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: currencySchema,
  branch: z.string().nullable(),
  /** The last close on or before `to` the balances are from; null when none was kept. */
  asAt: z.string().nullable(),
  /** The last close before `from`, the base of the closed count; null when none was kept. */
  startAt: z.string().nullable(),
  rows: z.array(branchStatisticsRowSchema),
  served: reportServedSchema.optional(),
});
export type BranchStatistics = z.infer<typeof branchStatisticsSchema>;
