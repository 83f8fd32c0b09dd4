import { z } from 'zod';
import { isoDateSchema } from '../banking.ts';
import { LOAN_CLASSES, type LoanClass } from './loan-book.ts';
import { annualRateSchema, LOAN_LIMITS } from './schedule-input.ts';

/**
 * Grading a loan by hand and restructuring it (docs/loan-book.md, ADR 0067): the class buckets and
 * the cure count as four-eyes data, a manual downgrade, and a new schedule for what is still owed.
 * A manual grade or a restructuring holds the loan's class at a floor until it is cured: that many
 * instalments in a row paid in full by their due dates.
 */

/** The cure count the migration seeds: three instalments in a row paid in full on time. */
export const DEFAULT_CURE_PAYMENTS = 3;
export const MAX_CURE_PAYMENTS = 24;
/** A restructured loan is held at least here until cured. */
export const RESTRUCTURED_FLOOR: LoanClass = 'substandard';

export const LOAN_GRADING_TEXT = {
  classOrder: `The classes must be, in order: ${LOAN_CLASSES.join(', ')}`,
  firstFromZero: 'The first class must start at 0 days past due',
  contiguous: 'Each class must start the day after the previous one ends (no gap, no overlap)',
  lastOpen: 'Only the last class is open-ended (no upper bound)',
  ascending: 'The upper bound must not be below the lower bound',
  performingFirst: 'Performing classes must come before the non-performing ones',
  cure: `must be a whole number of instalments from 1 to ${MAX_CURE_PAYMENTS}`,
  reason: 'Please give a reason (5 to 500 characters)',
  notWorse: 'A manual grade must be worse than the loan’s current class',
  notActive: 'Only an Active loan that is not written off can be graded or restructured',
  pending: 'A request is already pending for this loan; decide or withdraw it first.',
  effectiveDate: 'The restructuring cannot take effect before the business date',
  nothingToChange: 'Give a new rate, a new term, or both',
  rateOutside: (min: string, max: string) => `The rate must lie within the product’s ${min}% to ${max}%`,
  termOutside: (min: number, max: number) =>
    `The term must lie within the product’s ${min} to ${max} instalments`,
  nothingLeft: 'Nothing is left to reschedule on this loan',
  capitaliseDenied: 'Capitalising arrears needs the permission “loans.capitalise”',
  restructuredRepayment:
    'This repayment was made before the loan was restructured: its schedule is history and cannot be undone.',
  unchanged: 'The class buckets and the cure count are as asked already',
} as const;

const dpd = z.number().int().min(0).max(100_000);

export const loanClassBucketSchema = z.object({
  code: z.enum(LOAN_CLASSES),
  minDpd: dpd,
  maxDpd: dpd.nullable(),
  performing: z.boolean(),
});
export type LoanClassBucket = z.infer<typeof loanClassBucketSchema>;

const curePaymentsSchema = z
  .number({ error: LOAN_GRADING_TEXT.cure })
  .int(LOAN_GRADING_TEXT.cure)
  .min(1, LOAN_GRADING_TEXT.cure)
  .max(MAX_CURE_PAYMENTS, LOAN_GRADING_TEXT.cure);

/**
 * The buckets as one whole: every class once, in order, the first from 0, each starting the day
 * after the previous ends, only the last open-ended, performing classes first. The form and the
 * server check the same rules, each problem on the field it concerns.
 */
export const loanClassSettingsSchema = z
  .object({ buckets: z.array(loanClassBucketSchema), curePayments: curePaymentsSchema })
  .superRefine(({ buckets }, ctx) => {
    const at = (i: number, field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: ['buckets', i, field], message });
    if (buckets.length !== LOAN_CLASSES.length || buckets.some((b, i) => b.code !== LOAN_CLASSES[i])) {
      ctx.addIssue({ code: 'custom', path: ['buckets'], message: LOAN_GRADING_TEXT.classOrder });
      return;
    }
    buckets.forEach((b, i) => {
      const last = i === buckets.length - 1;
      if (i === 0 && b.minDpd !== 0) at(i, 'minDpd', LOAN_GRADING_TEXT.firstFromZero);
      const prev = buckets[i - 1];
      if (i > 0 && prev?.maxDpd != null && b.minDpd !== prev.maxDpd + 1)
        at(i, 'minDpd', LOAN_GRADING_TEXT.contiguous);
      if (last !== (b.maxDpd === null)) at(i, 'maxDpd', LOAN_GRADING_TEXT.lastOpen);
      else if (b.maxDpd !== null && b.maxDpd < b.minDpd) at(i, 'maxDpd', LOAN_GRADING_TEXT.ascending);
      if (prev && b.performing && !prev.performing) at(i, 'performing', LOAN_GRADING_TEXT.performingFirst);
    });
  });
export type LoanClassSettings = z.infer<typeof loanClassSettingsSchema>;

/**
 * The buckets and the cure count as flat fields, one per class ("31–90 days past due, performing"),
 * so a checker compares a change as labelled before/after rows rather than a list of objects.
 */
export function loanClassChangeFields(s: LoanClassSettings): Record<string, string | number> {
  const days = (b: LoanClassBucket) =>
    b.maxDpd === null ? `${b.minDpd} days past due or more` : `${b.minDpd}–${b.maxDpd} days past due`;
  return {
    ...Object.fromEntries(
      s.buckets.map((b) => [b.code, `${days(b)}, ${b.performing ? 'performing' : 'non-performing'}`]),
    ),
    curePayments: s.curePayments,
  };
}

/** GET /api/loan-classes: the buckets, the cure count and a change waiting for its checker. */
export const loanClassSettingsViewSchema = z.object({
  buckets: z.array(loanClassBucketSchema.extend({ label: z.string() })),
  curePayments: z.number().int(),
  pendingApprovalId: z.string().nullable(),
});
export type LoanClassSettingsView = z.infer<typeof loanClassSettingsViewSchema>;

const reasonSchema = z.string().trim().min(5, LOAN_GRADING_TEXT.reason).max(500, LOAN_GRADING_TEXT.reason);

/** POST /api/loans/:id/downgrade: the grade asked for (never Current) and why. */
export const loanDowngradeSchema = z.object({
  loanClass: z.enum(LOAN_CLASSES).refine((c) => c !== 'current', LOAN_GRADING_TEXT.notWorse),
  reason: reasonSchema,
});
export type LoanDowngradeInput = z.infer<typeof loanDowngradeSchema>;

/** POST /api/loans/:id/restructure: new rate and/or term (instalments from the date), the date, why. */
export const loanRestructureSchema = z
  .object({
    effectiveDate: isoDateSchema,
    rate: annualRateSchema.optional(),
    term: z
      .number({ error: 'must be a whole number of instalments' })
      .int('must be a whole number of instalments')
      .min(1, 'must be at least 1 instalment')
      .max(LOAN_LIMITS.maxInstalments, `must be at most ${LOAN_LIMITS.maxInstalments} instalments`)
      .optional(),
    capitaliseArrears: z.boolean().default(false),
    reason: reasonSchema,
  })
  .refine((b) => b.rate !== undefined || b.term !== undefined, {
    path: ['rate'],
    message: LOAN_GRADING_TEXT.nothingToChange,
  });
export type LoanRestructureInput = z.input<typeof loanRestructureSchema>;

export const loanGradingRequestedSchema = z.object({ approvalId: z.string() });

/** One instalment as it stood when a restructuring replaced it (kept as history). */
export const replacedInstalmentSchema = z.object({
  instalmentNumber: z.number().int(),
  dueDate: isoDateSchema,
  principalDue: z.string(),
  interestDue: z.string(),
  feeDue: z.string(),
  penaltyDue: z.string(),
  principalPaid: z.string(),
  interestPaid: z.string(),
  feePaid: z.string(),
  penaltyPaid: z.string(),
});
export type ReplacedInstalment = z.infer<typeof replacedInstalmentSchema>;

export const loanRestructuringSchema = z.object({
  id: z.number().int(),
  businessDate: isoDateSchema,
  effectiveDate: isoDateSchema,
  oldRate: z.string(),
  newRate: z.string(),
  oldTerm: z.number().int(),
  newTerm: z.number().int(),
  principal: z.string(),
  capitalisedArrears: z.string(),
  reason: z.string(),
  requestedBy: z.string(),
  approvedBy: z.string(),
  replaced: z.array(replacedInstalmentSchema),
});
export type LoanRestructuring = z.infer<typeof loanRestructuringSchema>;

/** GET /api/loans/:id/grading: the hold on the loan's class, the cure progress, its restructurings. */
export const loanGradingSchema = z.object({
  loanId: z.number().int(),
  /** The class the last end of day gave it. */
  loanClass: z.enum(LOAN_CLASSES),
  manualClass: z.enum(LOAN_CLASSES).nullable(),
  restructured: z.boolean(),
  curedPayments: z.number().int(),
  curePayments: z.number().int(),
  restructurings: z.array(loanRestructuringSchema),
});
export type LoanGrading = z.infer<typeof loanGradingSchema>;

/** GET /api/loans/:id/repayments: the loan's repayments and recoveries, newest first (at most LOAN_REPAYMENTS_SHOWN). */
export const loanRepaymentRowSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  channel: z.string(),
  valueDate: isoDateSchema,
  amount: z.string(),
  principal: z.string(),
  interest: z.string(),
  fee: z.string(),
  penalty: z.string(),
  /** The journal entry it posted: its reversal is asked for by this entry (ADR 0062). */
  entryId: z.string(),
  reversed: z.boolean(),
  /**
   * Money received after the loan was written off (ADR 0065): income, none of it principal, interest
   * or fees, listed with the repayments so the loan 360 shows what was recovered.
   */
  recovery: z.boolean(),
});
export const loanRepaymentListSchema = z.object({ rows: z.array(loanRepaymentRowSchema) });
export type LoanRepaymentRow = z.infer<typeof loanRepaymentRowSchema>;
export const LOAN_REPAYMENTS_SHOWN = 100;
