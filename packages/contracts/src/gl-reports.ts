import { z } from 'zod';
import { currencySchema, moneySchema } from './banking.ts';
import { glClassSchema, type GlClass } from './gl.ts';

/*
 * The general ledger's reports (docs/ledger.md): trial balance, balance sheet, income statement and the
 * statement of one GL account. Each is JSON on screen, or a PDF / CSV download of the same figures
 * (`format`). Money is a decimal string; every total is per currency, never summed across SLE and USD.
 */

export const GL_REPORT_FORMATS = ['json', 'pdf', 'csv'] as const;
export type GlReportFormat = (typeof GL_REPORT_FORMATS)[number];
const format = z.enum(GL_REPORT_FORMATS).default('json');

/** A calendar date that exists, from year 1 (the database refuses year 0 with an error). */
export const glReportDateSchema = z.iso
  .date({ error: 'Use a date like 2026-01-31' })
  .refine((d) => d >= '0001-01-01', 'Use a date like 2026-01-31');

export const GL_CLASS_LABELS: Record<GlClass, string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
};

// --- Trial balance -----------------------------------------------------------------------------

/** Without a date: at the end of the current business date, as the other reports default. */
export const trialBalanceQuerySchema = z.object({ date: glReportDateSchema.optional(), format });
export type TrialBalanceQuery = z.infer<typeof trialBalanceQuerySchema>;

/** One GL account in one currency: its balance as of the date, on the debit or the credit side. */
export const trialBalanceRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  class: glClassSchema,
  currency: currencySchema,
  debit: moneySchema,
  credit: moneySchema,
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRowSchema>;

export const currencyTotalsSchema = z.object({
  currency: currencySchema,
  debit: moneySchema,
  credit: moneySchema,
  /** debit − credit: zero when the books balance. */
  difference: moneySchema,
});
export type CurrencyTotals = z.infer<typeof currencyTotalsSchema>;

export const trialBalanceSchema = z.object({
  date: z.string(),
  rows: z.array(trialBalanceRowSchema),
  /** One row per currency, SLE first. */
  totals: z.array(currencyTotalsSchema),
  /** Every currency's debits equal its credits. */
  balanced: z.boolean(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

// --- Balance sheet and income statement ---------------------------------------------------------

/** A period [from, to], whole days; `from` may be left out for "since the books began". */
export const periodQuerySchema = z
  .object({ from: glReportDateSchema.optional(), to: glReportDateSchema, format })
  .refine((q) => q.from === undefined || q.from <= q.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** An account's amount on its normal side (positive when it is where it should be). */
export const statementRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  class: glClassSchema,
  currency: currencySchema,
  amount: moneySchema,
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const classTotalSchema = z.object({
  class: glClassSchema,
  currency: currencySchema,
  amount: moneySchema,
});
export type ClassTotal = z.infer<typeof classTotalSchema>;

export const balanceSheetSchema = z.object({
  /** As of the end of this day. */
  date: z.string(),
  rows: z.array(statementRowSchema),
  class_totals: z.array(classTotalSchema),
  /**
   * Per currency: income − expenses not yet closed to retained earnings, shown under equity so the
   * sheet balances (assets = liabilities + equity + current earnings).
   */
  current_earnings: z.array(z.object({ currency: currencySchema, amount: moneySchema })),
  balanced: z.boolean(),
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;

export const incomeStatementSchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  rows: z.array(statementRowSchema),
  class_totals: z.array(classTotalSchema),
  /** Per currency: income − expenses for the period. */
  net_income: z.array(z.object({ currency: currencySchema, amount: moneySchema })),
});
export type IncomeStatement = z.infer<typeof incomeStatementSchema>;

// --- GL account statement -----------------------------------------------------------------------

export const GL_STATEMENT_DEFAULT_LIMIT = 50;

export const glStatementQuerySchema = z
  .object({
    from: glReportDateSchema,
    to: glReportDateSchema,
    currency: currencySchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(GL_STATEMENT_DEFAULT_LIMIT),
    /** Opaque keyset cursor from the previous page's `next_cursor`. */
    cursor: z.string().max(200).optional(),
    format,
  })
  .refine((q) => q.from <= q.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });
export type GlStatementQuery = z.infer<typeof glStatementQuerySchema>;

export const glStatementLineSchema = z.object({
  line_id: z.string(),
  entry_id: z.string(),
  business_date: z.string(),
  narration: z.string(),
  reference: z.string(),
  source: z.string(),
  debit: moneySchema.nullable(),
  credit: moneySchema.nullable(),
  /** Running balance, debit-positive, after this line. */
  balance: moneySchema,
});
export type GlStatementLine = z.infer<typeof glStatementLineSchema>;

export const glStatementSchema = z.object({
  code: z.string(),
  name: z.string(),
  class: glClassSchema,
  currency: currencySchema,
  from: z.string(),
  to: z.string(),
  /** Debit-positive balance at the start of `from`, and at the end of `to`. */
  opening_balance: moneySchema,
  closing_balance: moneySchema,
  lines: z.array(glStatementLineSchema),
  next_cursor: z.string().nullable(),
});
export type GlStatement = z.infer<typeof glStatementSchema>;

/** Texts of the report screens and files. */
export const GL_REPORT_TEXT = {
  trialBalanceTitle: 'Trial balance',
  balanceSheetTitle: 'Balance sheet',
  incomeStatementTitle: 'Income statement',
  glStatementTitle: 'GL account statement',
  outOfBalance: (currencies: string) =>
    `The trial balance does not balance in ${currencies}: debits and credits differ. Report this to the finance controller.`,
  balanced: 'Debits equal credits in every currency.',
  glAccountNotFound: (code: string) => `No GL account with code ${code}.`,
} as const;

/** `trial-balance-2026-11-23.pdf`, `balance-sheet-2026-11-23.csv`, `gl-1010-2026-11-01-to-2026-11-23.csv`. */
export function glReportFileName(what: string, period: string, ext: 'pdf' | 'csv'): string {
  return `${what}-${period}.${ext}`;
}

// --- The other legs of a customer posting (Account Enquiry's "from/to") ---------------------------

/** One line of the same journal entry, on a GL account or on another customer account. */
export const entryLegSchema = z.object({
  kind: z.enum(['gl', 'customer']),
  /** The GL account, or the customer account's control account. */
  gl_code: z.string(),
  gl_name: z.string(),
  /** The customer account number for a customer line, else null. */
  account_number: z.string().nullable(),
  currency: currencySchema,
  side: z.enum(['debit', 'credit']),
  amount: moneySchema,
});
export type EntryLeg = z.infer<typeof entryLegSchema>;

export const postingLegsSchema = z.object({
  entry_id: z.string(),
  business_date: z.string(),
  narration: z.string(),
  reference: z.string(),
  source: z.string(),
  /** Every line of the entry except the posting asked about. */
  legs: z.array(entryLegSchema),
});
export type PostingLegs = z.infer<typeof postingLegsSchema>;
