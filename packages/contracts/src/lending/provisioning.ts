import { z } from 'zod';
import { isoDateSchema } from '../banking.ts';
import { LOAN_CLASSES, type LoanClass } from './loan-book.ts';

/**
 * Loan loss provisioning, write-off and recovery (docs/loan-book.md, ADR 0065): the rates per class
 * are data (table `loan_provision_rates`), seeded with these defaults; the requests, answers and
 * words the routes and the Provisioning screen share.
 */
export const DEFAULT_PROVISION_RATES: Record<LoanClass, string> = {
  current: '1.0000',
  olem: '5.0000',
  substandard: '20.0000',
  doubtful: '50.0000',
  loss: '100.0000',
};

/** Above this principal a write-off needs the Head of Credit's level too (table `loan_write_off_limits`). */
export const DEFAULT_WRITE_OFF_SECOND_LEVEL: Record<'SLE' | 'USD', string> = {
  SLE: '100000.00',
  USD: '5000.00',
};

export const PROVISION_RUN_STATUSES = ['draft', 'pending', 'posted'] as const;
export type ProvisionRunStatus = (typeof PROVISION_RUN_STATUSES)[number];

export const PROVISION_TEXT = {
  noBookDay: (d: string) =>
    `End of day has not classified the loans for ${d}: run it first, or choose a date it has closed.`,
  noBookYet: 'End of day has not classified any loans yet: there is nothing to provision.',
  posted: 'This provisioning run is posted: it cannot be run again or changed.',
  pending:
    'This provisioning run waits for a second person’s approval: withdraw the request to run it again.',
  notFound: 'No provisioning run with this id.',
  changed: 'The run was computed again after this request was made: ask for its posting again.',
  notLoss: 'Only a loan classified Loss can be written off.',
  notActive: 'This loan is not Active: only an Active loan can be written off.',
  pendingWriteOff: 'A write-off of this loan already waits for approval.',
  recoveryOver: (max: string) =>
    `The amount is more than is left to recover on this written-off loan (at most Le ${max}).`,
  ratesUnchanged: 'The rates are the ones in force: change at least one.',
  rateRange: 'A rate is a percentage from 0 to 100 with at most 4 decimals',
} as const;

const rate = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, PROVISION_TEXT.rateRange)
  .refine((r) => Number(r) <= 100, PROVISION_TEXT.rateRange);

/** PUT /api/loan-provisioning/rates: every class's rate (four-eyes: `loan_provision.rates`). */
export const provisionRatesSchema = z.object({
  rates: z.object(Object.fromEntries(LOAN_CLASSES.map((c) => [c, rate])) as Record<LoanClass, typeof rate>),
});
export type ProvisionRates = z.infer<typeof provisionRatesSchema>;

export const provisionRatesAnswerSchema = z.object({
  rates: provisionRatesSchema.shape.rates,
  /** The write-off amounts above which the Head of Credit's level is needed, per currency. */
  writeOffSecondLevel: z.record(z.string(), z.string()),
  /** A rate change waiting for approval, if any. */
  pendingApprovalId: z.string().nullable(),
});

/** POST /api/loan-provisioning/runs: a draft as of a closed business date (default: the newest one). */
export const provisionRunCreateSchema = z.object({ asOf: isoDateSchema.optional() });

/** One class of one currency in a run: what the BSL return's provisioning table shows. */
export const provisionRunClassSchema = z.object({
  currency: z.string(),
  loanClass: z.enum(LOAN_CLASSES),
  loans: z.number().int(),
  principal: z.string(),
  collateral: z.string(),
  ratePercent: z.string(),
  required: z.string(),
  held: z.string(),
  /** required − held: positive is a charge (Dr 5040, Cr 1490), negative a release. */
  change: z.string(),
});

export const provisionRunSchema = z.object({
  id: z.number().int(),
  asOf: isoDateSchema,
  monthEnd: z.boolean(),
  status: z.enum(PROVISION_RUN_STATUSES),
  version: z.number().int(),
  preparedByEmail: z.string(),
  preparedAt: z.string(),
  approvalId: z.string().nullable(),
  postedByEmail: z.string().nullable(),
  postedAt: z.string().nullable(),
  classes: z.array(provisionRunClassSchema),
});
export type ProvisionRun = z.infer<typeof provisionRunSchema>;
export type ProvisionRunClass = z.infer<typeof provisionRunClassSchema>;

export const provisionRunIdParam = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });

/** GET /api/loan-provisioning/runs: newest first, paged. */
export const provisionRunSummarySchema = provisionRunSchema.omit({ classes: true });
export type ProvisionRunSummary = z.infer<typeof provisionRunSummarySchema>;

export const provisionPostAnswerSchema = z.object({ runId: z.number().int(), approvalId: z.string() });

/** POST /api/loans/:id/write-off: the maker's reason (four-eyes; two levels above the limit). */
export const loanWriteOffSchema = z.object({
  reason: z.string().trim().min(1, 'Please give a reason').max(500),
});
export const loanWriteOffAnswerSchema = z.object({
  loanId: z.number().int(),
  approvalId: z.string(),
  /** `loan.write_off` (Branch Manager) or `loan.write_off_large` (Head of Credit). */
  level: z.enum(['loan.write_off', 'loan.write_off_large']),
  principal: z.string(),
});

/** The GL accounts of provisioning, write-off and recovery (migration 0094's chart). */
export const LOAN_LOSS_GL = {
  provision: '1490',
  provisionExpense: '5040',
  recoveries: '4050',
  suspense: '1428',
  penaltyReceivable: '1422',
} as const;
