import { z } from 'zod';
import { isoDateSchema, postingAmountSchema } from '../banking.ts';
import { rateMicros, toCents } from '../money.ts';
import { LOAN_FREQUENCIES } from './day-count.ts';

/** What a loan schedule is worked out from (ADR 0038). */

export const INTEREST_METHODS = ['emi', 'equal_principal', 'flat'] as const;
export type InterestMethod = (typeof INTEREST_METHODS)[number];

export const INTEREST_METHOD_LABELS: Record<InterestMethod, string> = {
  emi: 'EMI: equal instalments, declining balance',
  equal_principal: 'Equal principal, declining balance',
  flat: 'Flat rate',
};

export const LOAN_FREQUENCY_LABELS: Record<(typeof LOAN_FREQUENCIES)[number], string> = {
  monthly: 'Monthly',
  fortnightly: 'Fortnightly',
  weekly: 'Weekly',
};

/** A processing fee is either taken out of the amount paid out or added to the amount owed. */
export const PROCESSING_FEE_MODES = ['deducted', 'capitalised'] as const;
export type ProcessingFeeMode = (typeof PROCESSING_FEE_MODES)[number];

export const LOAN_LIMITS = {
  /** 30 years of monthly instalments; a weekly loan of the same count runs about 7 years. */
  maxInstalments: 360,
  /** Percent a year; microfinance flat rates stay well below it. */
  maxAnnualRate: '100',
} as const;

export const LOAN_TEXT = {
  rate: 'must be a rate in percent a year, at most 6 decimals',
  rateMax: `must be at most ${LOAN_LIMITS.maxAnnualRate}% a year`,
  instalments: `must be a whole number of instalments from 1 to ${LOAN_LIMITS.maxInstalments}`,
  grace: 'must leave at least one instalment that repays principal',
  firstDue: 'must be after the disbursement date',
  feeOverPrincipal: 'a fee deducted at disbursement must be less than the amount',
  fee: 'must be an amount with at most 2 decimals',
} as const;

export const annualRateSchema = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,6})?$/, LOAN_TEXT.rate)
  .refine((r) => rateMicros(r) <= rateMicros(LOAN_LIMITS.maxAnnualRate), LOAN_TEXT.rateMax);

/** A fee: zero allowed, at most 2 decimals. */
export const feeAmountSchema = z.string().regex(/^\d{1,16}(\.\d{1,2})?$/, LOAN_TEXT.fee);

const count = (max: number, message: string) => z.number().int(message).min(0, message).max(max, message);

export const loanScheduleInputSchema = z
  .object({
    principal: postingAmountSchema,
    annualRate: annualRateSchema,
    method: z.enum(INTEREST_METHODS),
    instalments: count(LOAN_LIMITS.maxInstalments, LOAN_TEXT.instalments).min(1, LOAN_TEXT.instalments),
    frequency: z.enum(LOAN_FREQUENCIES),
    disbursementDate: isoDateSchema,
    /** Unset: one period after disbursement. */
    firstDueDate: isoDateSchema.optional(),
    /** Full grace: nothing is paid, the period's interest is added to the principal. */
    graceFull: count(LOAN_LIMITS.maxInstalments, LOAN_TEXT.grace).optional(),
    /** Principal grace: the period's interest is paid, no principal. */
    gracePrincipal: count(LOAN_LIMITS.maxInstalments, LOAN_TEXT.grace).optional(),
    processingFee: feeAmountSchema.optional(),
    processingFeeMode: z.enum(PROCESSING_FEE_MODES).optional(),
    insurancePerInstalment: feeAmountSchema.optional(),
    /** The bank's holidays; weekends are never due dates anyway. */
    holidays: z.array(isoDateSchema).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.graceFull ?? 0) + (v.gracePrincipal ?? 0) >= v.instalments)
      ctx.addIssue({ code: 'custom', path: ['gracePrincipal'], message: LOAN_TEXT.grace });
    if (v.firstDueDate && v.firstDueDate <= v.disbursementDate)
      ctx.addIssue({ code: 'custom', path: ['firstDueDate'], message: LOAN_TEXT.firstDue });
    if (
      v.processingFee &&
      (v.processingFeeMode ?? 'deducted') === 'deducted' &&
      toCents(v.processingFee) >= toCents(v.principal)
    )
      ctx.addIssue({ code: 'custom', path: ['processingFee'], message: LOAN_TEXT.feeOverPrincipal });
  });
export type LoanScheduleInput = z.input<typeof loanScheduleInputSchema>;
