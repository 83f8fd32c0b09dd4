import { z } from 'zod';
import { isoDateSchema } from '../banking.ts';
import { pageQuerySchema } from '../paging.ts';

/*
 * Loan Reports (docs/loan-reports.md, ADR 0066): the loan portfolio's reports for any past business
 * date, read from end of day's per-loan snapshot (`loan_daily_status`). Every report has one shape, a
 * titled table of typed columns, so the screen, the CSV and the PDF render them alike.
 */

export const LOAN_REPORTS = [
  'portfolio-at-risk',
  'arrears-ageing',
  'classification-return',
  'insider-loans',
  'large-exposures',
  'disbursements-collections',
  'officer-portfolio',
] as const;
export type LoanReportId = (typeof LOAN_REPORTS)[number];

export const LOAN_REPORT_TITLES: Record<LoanReportId, string> = {
  'portfolio-at-risk': 'Portfolio at risk',
  'arrears-ageing': 'Arrears ageing',
  'classification-return': 'Classification and provisioning return',
  'insider-loans': 'Insider and related-party loans',
  'large-exposures': 'Large exposures',
  'disbursements-collections': 'Disbursements and collections',
  'officer-portfolio': 'Loan officer’s portfolio',
};

/** The reports that list loans one a row: paged on screen, whole in the CSV and PDF. */
export const PAGED_LOAN_REPORTS: readonly LoanReportId[] = [
  'arrears-ageing',
  'insider-loans',
  'officer-portfolio',
];

/** Portfolio at risk grouped by one of these. */
export const PAR_GROUPINGS = ['branch', 'product', 'officer', 'sector'] as const;
export type ParGrouping = (typeof PAR_GROUPINGS)[number];

/** Arrears ageing buckets by days past due: inclusive ranges, the last open-ended. */
export const ARREARS_BUCKETS = [
  { key: 'd1_30', label: '1–30 days', min: 1, max: 30 },
  { key: 'd31_60', label: '31–60 days', min: 31, max: 60 },
  { key: 'd61_90', label: '61–90 days', min: 61, max: 90 },
  { key: 'd91_180', label: '91–180 days', min: 91, max: 180 },
  { key: 'd181_365', label: '181–365 days', min: 181, max: 365 },
  { key: 'over365', label: 'Over 365 days', min: 366, max: null },
] as const;

/** A single obligor's exposure above this percent of capital is a large exposure (BSL). */
export const LARGE_EXPOSURE_PERCENT = '10';
/** And above this percent, over the single-obligor limit. */
export const SINGLE_OBLIGOR_LIMIT_PERCENT = '25';

export const LOAN_REPORT_COLUMN_KINDS = ['text', 'money', 'count', 'percent', 'date'] as const;

export const loanReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(LOAN_REPORT_COLUMN_KINDS),
  /** The list can be sorted by this column (in the database). */
  sortable: z.boolean().optional(),
});
export type LoanReportColumn = z.infer<typeof loanReportColumnSchema>;

/** A row's cells by column key; money a decimal string, a missing value null. */
export const loanReportRowSchema = z.record(z.string(), z.string().nullable());
export type LoanReportRow = z.infer<typeof loanReportRowSchema>;

/** A report total beside the general ledger's balance for the same date, and the difference. */
export const loanReportReconciliationSchema = z.object({
  label: z.string(),
  glCodes: z.array(z.string()),
  currency: z.string(),
  report: z.string(),
  ledger: z.string(),
  difference: z.string(),
});
export type LoanReportReconciliation = z.infer<typeof loanReportReconciliationSchema>;

export const loanReportSchema = z
  .object({
    report: z.enum(LOAN_REPORTS),
    title: z.string(),
    /** The business date the figures are for (the last day of a period). */
    date: isoDateSchema,
    /** Lines under the title: scope, basis, period. */
    subtitle: z.array(z.string()),
    columns: z.array(loanReportColumnSchema),
    rows: z.array(loanReportRowSchema),
    /** Total rows (per currency), printed bold after the rows. */
    totals: z.array(loanReportRowSchema),
    reconciliation: z.array(loanReportReconciliationSchema),
    notes: z.array(z.string()),
    /** The whole list's size when `rows` is one page of it. */
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'LoanReport' });
export type LoanReport = z.infer<typeof loanReportSchema>;

export const LOAN_REPORT_FORMATS = ['json', 'csv', 'pdf', 'xlsx'] as const;
export type LoanReportFormat = (typeof LOAN_REPORT_FORMATS)[number];

export const loanReportParamsSchema = z.object({ report: z.enum(LOAN_REPORTS) });

/** One query for every report; each reads the parts it needs. */
export const loanReportQuerySchema = pageQuerySchema.extend({
  /** The business date; without it, the newest one end of day kept. */
  date: isoDateSchema.optional(),
  /** Disbursements and collections: the first day of the period (default: the month of `date`). */
  from: isoDateSchema.optional(),
  by: z.enum(PAR_GROUPINGS).default('branch'),
  branch: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,10}$/, 'Use a branch code')
    .optional(),
  sort: z
    .string()
    .regex(/^[a-z][a-zA-Z0-9]{0,30}$/, 'Use a column key')
    .optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  format: z.enum(LOAN_REPORT_FORMATS).default('json'),
});
export type LoanReportQuery = z.infer<typeof loanReportQuerySchema>;

/** The longest period the disbursements and collections report covers, in days. */
export const COLLECTIONS_MAX_DAYS = 366;
/** A PDF lists at most this many loans; the CSV has them all. */
export const LOAN_REPORT_PDF_MAX_ROWS = 2000;

// --- Bank capital (the large exposures report's denominator) ---------------------------------------

export const capitalMonthSchema = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-01');

export const bankCapitalSchema = z
  .object({
    month: capitalMonthSchema,
    /** Regulatory capital in Leones, a decimal string. */
    amount: z.string(),
    enteredByEmail: z.string(),
    enteredAt: z.string(),
  })
  .meta({ id: 'BankCapital' });
export type BankCapital = z.infer<typeof bankCapitalSchema>;

export const bankCapitalBodySchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^[0-9]{1,16}(\.[0-9]{1,2})?$/, 'Use an amount in Leones like 150000000.00')
    .refine((a) => Number(a) > 0, 'The capital must be more than zero'),
});
export type BankCapitalBody = z.infer<typeof bankCapitalBodySchema>;

/** GET /api/loan-reports/active-loans: the dashboard card. */
export const activeLoansCardSchema = z
  .object({
    /** Whose book: the caller's own as the loans' officer, else the branch's (or the bank's). */
    scope: z.enum(['officer', 'branch', 'bank']),
    label: z.string(),
    count: z.number().int().nonnegative(),
  })
  .meta({ id: 'ActiveLoansCard' });
export type ActiveLoansCard = z.infer<typeof activeLoansCardSchema>;

export const LOAN_REPORT_TEXT = {
  noBook: 'End of day has not kept a loan book for this date yet.',
  futureDate: 'The date is after the current business date.',
  periodTooLong: `The period is at most ${COLLECTIONS_MAX_DAYS} days.`,
  periodOrder: 'The first day must be on or before the last.',
  sortUnknown: 'This report cannot be sorted by that column.',
  noCapital: 'No capital is recorded for this month: the shares of capital are not shown.',
  reconciled: 'Every total equals the general ledger to the cent.',
  notReconciled: 'A total differs from the general ledger: see the difference.',
  outsideBook: 'Loan accounts outside the loan book (not classified)',
  outsideBookNote:
    'Loan accounts with no loan-book record (opened as plain accounts or taken over) count by their balance, unclassified and unprovisioned.',
  capitalSaved: 'Capital saved.',
  scope: {
    officer: 'My active loans',
    branch: 'Active loans in my branch',
    bank: 'Active loans',
  },
} as const;
