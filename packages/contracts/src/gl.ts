import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';
import { currencySchema, glCodeSchema, isoDateSchema, moneySchema, postingAmountSchema } from './banking.ts';
import { POSTING_REFERENCE_MAX, SYSTEM_REFERENCE_PATTERN } from './postings.ts';
import { accountNumberSchema } from './deposits/account-number.ts';

/**
 * The double-entry general ledger (docs/ledger.md, ADR 0016): the chart of accounts, journal entries
 * and their lines, the bank's business date, and the posting API's requests and answers.
 */

/** The five classes at the top of the chart. */
export const GL_CLASSES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export const glClassSchema = z.enum(GL_CLASSES);
export type GlClass = z.infer<typeof glClassSchema>;

/** class → group → account; only an `account` carries lines. */
export const GL_KINDS = ['class', 'group', 'account'] as const;
export type GlKind = (typeof GL_KINDS)[number];

/** 'both' is a multi-currency account (e.g. suspense, FX position): its balance is kept per currency. */
export const GL_CURRENCIES = ['SLE', 'USD', 'both'] as const;
export type GlCurrency = (typeof GL_CURRENCIES)[number];

export const SIDES = ['debit', 'credit'] as const;
export const sideSchema = z.enum(SIDES);
export type Side = z.infer<typeof sideSchema>;

export const GL_ACCOUNT_STATUSES = ['active', 'closed'] as const;
export type GlAccountStatus = (typeof GL_ACCOUNT_STATUSES)[number];

/** Where an entry came from. migration and seed are written by the database migration and the seed only. */
export const JOURNAL_SOURCES = [
  'teller',
  'transfer',
  'manual',
  'posting',
  'reversal',
  'system',
  'end_of_day',
  'migration',
  'seed',
] as const;
export const journalSourceSchema = z.enum(JOURNAL_SOURCES);
export type JournalSource = z.infer<typeof journalSourceSchema>;

/** Where an entry came from, as the journal's filter and table show it (the code stays in the API). */
export const JOURNAL_SOURCE_LABELS: Record<JournalSource, string> = {
  teller: 'Teller cash',
  transfer: 'Transfer',
  manual: 'Manual journal',
  posting: 'Account posting',
  reversal: 'Reversal',
  system: 'System',
  end_of_day: 'End of day',
  migration: 'Opening balances (migration)',
  seed: 'Demo data',
};

export const journalSourceLabel = (source: string): string =>
  (JOURNAL_SOURCE_LABELS as Record<string, string>)[source] ?? source;

/**
 * The permission each ledger route will need once the roles issue lands (today every route is guarded
 * by requireActivated).
 */
export const LEDGER_PERMISSIONS = {
  viewLedger: 'ledger.view',
  postJournal: 'journal.post',
  createTransfer: 'transfers.create',
  reversePosting: 'postings.reverse',
  postAccountTransaction: 'postings.create',
} as const;

/** `details.code` of a 409 refusal from any posting route. */
export const LEDGER_REFUSAL_CODES = [
  'insufficient_funds',
  'account_closed',
  'account_blocked',
  'unbalanced',
  'closed_date',
  'already_reversed',
  'currency_mismatch',
  'reference_conflict',
  'gl_account_not_postable',
  'balance_out_of_range',
  // Deposits: the account lifecycle and the available balance, refused by the posting trigger.
  'debit_blocked',
  'account_not_active',
  'insufficient_available',
  // End of day: the day is closed to postings while end of day runs; a closed accounting period.
  'day_closing',
  'closed_period',
  // Payments: a reversal is never itself reversed (post a new entry instead).
  'reversal_of_reversal',
] as const;
export type LedgerRefusalCode = (typeof LEDGER_REFUSAL_CODES)[number];

const referenceSchema = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{1,${POSTING_REFERENCE_MAX}}$`),
    'The reference may use only letters, digits, "-" and "_" (1 to 40 characters)',
  )
  .refine((r) => !SYSTEM_REFERENCE_PATTERN.test(r), 'This reference form is reserved for system postings');
const narrationSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a narration')
  .max(140, 'The narration may have at most 140 characters');
/** The client's idempotency key and a narration, as every posting request takes them. */
export const entryReferenceSchema = referenceSchema;
export const entryNarrationSchema = narrationSchema;

/** Units of SLE for 1 USD, e.g. "22.75"; up to 6 decimals. */
export const fxRateSchema = z
  .string()
  .regex(/^\d{1,10}(\.\d{1,6})?$/, 'must be a positive rate with at most 6 decimals')
  .refine((v) => /[1-9]/.test(v), 'must be greater than zero');

// --- Requests -------------------------------------------------------------------------------------

export const manualJournalLineSchema = z.object({
  gl_code: glCodeSchema,
  side: sideSchema,
  amount: postingAmountSchema,
  currency: currencySchema,
});
export type ManualJournalLine = z.infer<typeof manualJournalLineSchema>;

/**
 * How far a transfer's or manual journal's value date may lie from the BUSINESS date (not the wall
 * clock) without more: a value date further back or ahead moves interest and period figures, so it
 * needs journal.backvalue and a second person's approval (202), whatever the amount.
 */
export const VALUE_DATE_WINDOW = { backDays: 30, forwardDays: 7 } as const;

export const VALUE_DATE_TEXT = {
  outsideWindow: `A value date more than ${VALUE_DATE_WINDOW.backDays} days before or ${VALUE_DATE_WINDOW.forwardDays} days after the business date needs the back-value permission (journal.backvalue) and a second person's approval`,
} as const;

/** POST /api/journal-entries: GL accounts that allow manual posting only; balanced per currency. */
export const manualJournalRequestSchema = z.object({
  narration: narrationSchema,
  reference: referenceSchema,
  /** Defaults to the business date. */
  value_date: isoDateSchema.optional(),
  /** When given it must be the current business date (else 409 closed_date). */
  business_date: isoDateSchema.optional(),
  lines: z.array(manualJournalLineSchema).min(2, 'An entry has at least two lines').max(50),
});
export type ManualJournalRequest = z.infer<typeof manualJournalRequestSchema>;

/**
 * POST /api/transfers. `amount` is debited from `from_account` in its currency. Across currencies the
 * day's rate applies (ADR 0023: the buy rate into Leones, the sell rate out of them); a `rate` that
 * differs from it needs `treasury.rates`. The credited amount is rounded half-up to cents. Over the
 * maker's transfer limit the answer is 202 `{ approvalId }`.
 */
export const transferRequestSchema = z.object({
  /** Check digits validated (ADR 0019): a typo is 400 before any lookup. */
  from_account: accountNumberSchema,
  to_account: accountNumberSchema,
  amount: postingAmountSchema,
  rate: fxRateSchema.optional(),
  narration: narrationSchema,
  reference: referenceSchema,
  value_date: isoDateSchema.optional(),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

/**
 * POST /api/journal-entries/:id/reversal: always four-eyes, so it answers 202
 * `{ approvalId }`; the reversal entry posts when a second person approves. `reason` is required.
 */
export const reversalRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Please give the reason for the reversal')
    .max(200, 'The reason may have at most 200 characters'),
  narration: narrationSchema.optional(),
  reference: referenceSchema,
});
export type ReversalRequest = z.infer<typeof reversalRequestSchema>;

/** GET /api/journal-entries filters; `account` is a GL code or a customer account number. */
export const journalListQuerySchema = pageQuerySchema.extend({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  account: z.string().trim().min(1).max(34).optional(),
  source: journalSourceSchema.optional(),
  maker: z.string().trim().min(1).max(320).optional(),
  reference: z.string().trim().min(1).max(POSTING_REFERENCE_MAX).optional(),
});
export type JournalListQuery = z.infer<typeof journalListQuerySchema>;

// --- Answers --------------------------------------------------------------------------------------

export const journalLineSchema = z.object({
  id: z.string(),
  /** 'customer' lines sit on a customer account; gl_code is then its product's control account. */
  kind: z.enum(['gl', 'customer']),
  gl_code: z.string(),
  gl_name: z.string(),
  account_number: z.string().nullable(),
  currency: currencySchema,
  side: sideSchema,
  amount: moneySchema,
});
export type JournalLine = z.infer<typeof journalLineSchema>;

export const journalEntrySchema = z.object({
  id: z.string(),
  business_date: isoDateSchema,
  value_date: isoDateSchema,
  narration: z.string(),
  source: journalSourceSchema,
  reference: z.string(),
  maker_id: z.string().nullable(),
  maker_email: z.string().nullable(),
  /** The entry this one reverses, or null. */
  reversal_of: z.string().nullable(),
  /** The entry that reversed this one, or null. */
  reversed_by: z.string().nullable(),
  /** SLE per 1 USD for a cross-currency entry, else null. */
  fx_rate: z.string().nullable(),
  posted_at: z.string(),
  lines: z.array(journalLineSchema),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** A list row: the entry without its lines, plus its total per currency. */
export const journalEntrySummarySchema = journalEntrySchema
  .omit({ lines: true })
  .extend({ totals: z.array(z.object({ currency: currencySchema, amount: moneySchema })) });
export type JournalEntrySummary = z.infer<typeof journalEntrySummarySchema>;

/** A balance in one currency shown on its side: one of debit and credit is 0.00. */
export const glBalanceSchema = z.object({
  currency: currencySchema,
  debit: moneySchema,
  credit: moneySchema,
});

export const glAccountSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(GL_KINDS),
  parent_code: z.string().nullable(),
  class: glClassSchema,
  currency: z.enum(GL_CURRENCIES),
  normal_side: sideSchema,
  status: z.enum(GL_ACCOUNT_STATUSES),
  manual_posting: z.boolean(),
  /** A control account: products map to it; its balance is the sum of its customer accounts. */
  is_control: z.boolean(),
  branch_code: z.string().nullable(),
  /** Current balance per currency, as a debit or a credit total (one of them 0.00); groups and classes roll up. */
  balances: z.array(glBalanceSchema),
});
export type GlAccount = z.infer<typeof glAccountSchema>;

export const businessDateSchema = z.object({
  business_date: isoDateSchema,
  /** True until end of day sets a date of its own: the business date is then today's calendar date. */
  follows_calendar: z.boolean(),
});
export type BusinessDate = z.infer<typeof businessDateSchema>;
