import { z } from 'zod';
import { currencySchema, postingAmountSchema } from '../banking.ts';
import { accountNumberSchema } from '../deposits/account-number.ts';
import { entryNarrationSchema, entryReferenceSchema } from '../gl.ts';
import { pageQuerySchema } from '../paging.ts';

/**
 * Bulk salary posting (/transactions/other/salary-import): an employer's CSV becomes a draft
 * batch, validated line by line; lines are fixed or removed on the screen; the batch is submitted for
 * four-eyes approval and then posts as one balanced journal, all or nothing (ADR "set-based salary").
 */
export const SALARY_MAX_LINES = 20_000;
/** 20,000 lines of 13 digits, an amount and a 140-character narration, with room to spare. */
export const SALARY_MAX_CSV_CHARS = 4_000_000;

/** What can be wrong with one line; the report shows the text. */
export const SALARY_LINE_TEXT = {
  check_digit: 'The account number has a typing mistake (13 digits, check digits must match).',
  amount: 'The amount must be above zero, with at most 2 decimals.',
  account_not_found: 'No account has this number.',
  account_not_active: 'The account is not Active.',
  currency: 'The account is in another currency than the employer’s.',
  duplicate: 'The same account is on an earlier line.',
  employer_account: 'This is the employer’s own account.',
  narration: 'The narration may have at most 140 characters.',
  // Salary check-off: the line names a loan whose instalment the employer deducts.
  loan_not_found: 'No loan account has this number.',
  loan_other_customer: 'The loan belongs to another customer than the account.',
  loan_not_active: 'The loan is not Active (closed or written off).',
} as const;
export type SalaryLineProblem = keyof typeof SALARY_LINE_TEXT;
export const SALARY_LINE_PROBLEMS = Object.keys(SALARY_LINE_TEXT) as SalaryLineProblem[];

export const SALARY_BATCH_STATUSES = ['draft', 'submitted', 'posted'] as const;
export type SalaryBatchStatus = (typeof SALARY_BATCH_STATUSES)[number];

/** POST /api/salary-batches: the employer's account, the file as text, and the client's reference. */
export const salaryBatchCreateSchema = z.object({
  employer_account: accountNumberSchema,
  reference: entryReferenceSchema,
  /** The narration of lines that have none, and of the employer's debit. */
  narration: entryNarrationSchema,
  csv: z
    .string()
    .min(1, 'Choose a CSV file with account number, amount and narration')
    .max(SALARY_MAX_CSV_CHARS, 'The file is too large'),
});
export type SalaryBatchCreate = z.infer<typeof salaryBatchCreateSchema>;

/** PUT /api/salary-batches/:id/lines/:lineNo — a line fixed on the screen (same rules as the file). */
export const salaryLineFixSchema = z.object({
  account_number: accountNumberSchema,
  amount: postingAmountSchema,
  narration: z.string().trim().max(140, SALARY_LINE_TEXT.narration),
  /** Check-off: the loan account to name instead, '' to name none; absent keeps the line's loan. */
  loan_account: z.union([accountNumberSchema, z.literal('')]).optional(),
});
export type SalaryLineFix = z.infer<typeof salaryLineFixSchema>;

export const salaryBatchParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const salaryLineParamsSchema = salaryBatchParamsSchema.extend({
  lineNo: z.coerce.number().int().min(1).max(10_000_000),
});

export const salaryLineSchema = z.object({
  line_no: z.number(),
  account_number: z.string(),
  amount: z.string(),
  narration: z.string(),
  holder: z.string().nullable(),
  problem: z.enum(SALARY_LINE_PROBLEMS as [SalaryLineProblem, ...SalaryLineProblem[]]).nullable(),
  /** For a duplicate: the earlier line with the same account. */
  first_line: z.number().nullable(),
  /** Salary check-off: the loan account the line names, or null. */
  loan_account: z.string().nullable(),
  /** What the posting took from the line for the loan's instalment; null before posting or without a loan. */
  check_off: z.string().nullable(),
});
export type SalaryLine = z.infer<typeof salaryLineSchema>;

/** GET /api/salary-batches/:id/lines: problem lines first when `problems` is set. */
export const salaryLinesQuerySchema = pageQuerySchema.extend({
  problems: z.enum(['only', 'all']).default('all'),
});

export const salaryBatchSchema = z.object({
  id: z.string(),
  reference: z.string(),
  employer_account: z.string(),
  employer_holder: z.string(),
  currency: currencySchema,
  branch: z.string(),
  narration: z.string(),
  status: z.enum(SALARY_BATCH_STATUSES),
  line_count: z.number(),
  problem_count: z.number(),
  /** Sum of the lines without a problem. */
  total: z.string(),
  /** The employer account's available balance now. */
  available: z.string(),
  over_available: z.boolean(),
  maker_email: z.string(),
  created_at: z.string(),
  approval_id: z.string().nullable(),
  approval_status: z.string().nullable(),
  entry_id: z.string().nullable(),
  /** Problems by code, for the report's summary. */
  problems: z.record(z.string(), z.number()),
});
export type SalaryBatch = z.infer<typeof salaryBatchSchema>;

export const salaryBatchListQuerySchema = pageQuerySchema.extend({
  status: z.enum(SALARY_BATCH_STATUSES).optional(),
});
