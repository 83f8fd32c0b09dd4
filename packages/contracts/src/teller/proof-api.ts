import { z } from 'zod';
import { currencySchema, isoDateSchema, moneySchema } from '../banking.ts';
import { REPORT_FORMATS } from './cash-api.ts';
import { TILL_SESSION_STATUSES } from './sessions-api.ts';

/**
 * Proof: each teller's day and the branch's differences, on screen (JSON), CSV and
 * PDF. `/transactions/proof/report`, `/daily-diff`, `/branch-diff`.
 */

const branch = z
  .string()
  .regex(/^\d{3}$/)
  .optional();
const format = z.enum(REPORT_FORMATS).default('json');

/** GET /api/teller/proof/report?branch=&date=: one row per till session of that business day. */
export const proofReportQuerySchema = z.object({ branch, date: isoDateSchema.optional(), format });
export type ProofReportQuery = z.infer<typeof proofReportQuerySchema>;

const tally = z.object({ count: z.number().int(), amount: moneySchema });

export const proofSessionRowSchema = z.object({
  sessionId: z.string(),
  tellerEmail: z.string(),
  tillCode: z.string(),
  currency: currencySchema,
  status: z.enum(TILL_SESSION_STATUSES),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  openingAllocation: moneySchema,
  deposits: tally,
  withdrawals: tally,
  vaultIn: moneySchema,
  vaultOut: moneySchema,
  /** Cash the till should hold: now while open, at the count once counted. */
  expected: moneySchema,
  counted: moneySchema.nullable(),
  difference: moneySchema.nullable(),
});
export type ProofSessionRow = z.infer<typeof proofSessionRowSchema>;

export const proofReportSchema = z.object({
  branch: z.string(),
  businessDate: isoDateSchema,
  rows: z.array(proofSessionRowSchema),
});
export type ProofReport = z.infer<typeof proofReportSchema>;

/** GET /api/teller/proof/daily-diff?branch=&from=&to=: shortages and overages per day and currency. */
export const dailyDiffQuerySchema = z.object({
  branch,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  format,
});
export type DailyDiffQuery = z.infer<typeof dailyDiffQuerySchema>;

export const dailyDiffRowSchema = z.object({
  businessDate: isoDateSchema,
  currency: currencySchema,
  sessions: z.number().int(),
  /** Sessions whose difference waits for a supervisor's sign-off. */
  awaitingSignOff: z.number().int(),
  shortages: moneySchema,
  overages: moneySchema,
  /** overages − shortages. */
  net: moneySchema,
});
export const dailyDiffSchema = z.object({
  branch: z.string(),
  from: isoDateSchema,
  to: isoDateSchema,
  rows: z.array(dailyDiffRowSchema),
});
export type DailyDiff = z.infer<typeof dailyDiffSchema>;

/**
 * GET /api/teller/proof/branch-diff?date=: per branch and currency, the teller-cash GL against the
 * cash in its open tills (a difference is branch cash no till accounts for: postings made outside a
 * till session), the vault, and the day's shortages and overages.
 */
export const branchDiffQuerySchema = z.object({ date: isoDateSchema.optional(), format });
export type BranchDiffQuery = z.infer<typeof branchDiffQuerySchema>;

export const branchDiffRowSchema = z.object({
  branch: z.string(),
  currency: currencySchema,
  openTills: z.number().int(),
  tillCash: moneySchema,
  tellerCashGl: moneySchema,
  /** tellerCashGl − tillCash. */
  unattributed: moneySchema,
  vaultGl: moneySchema,
  shortages: moneySchema,
  overages: moneySchema,
});
export const branchDiffSchema = z.object({
  businessDate: isoDateSchema,
  /** Whether the GL figures are today's live balances (true) or as at a past business date. */
  live: z.boolean(),
  rows: z.array(branchDiffRowSchema),
});
export type BranchDiff = z.infer<typeof branchDiffSchema>;

export const proofFileName = (report: 'proof' | 'daily-diff' | 'branch-diff', what: string, ext: string) =>
  `${report}-${what}.${ext}`;
