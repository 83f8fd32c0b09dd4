import { z } from 'zod';
import { isoDateSchema } from '../banking.ts';

/**
 * The nightly loan book (docs/loan-book.md, ADR 0053): classification of loans by days past due. The
 * buckets (which days fall in which class) are data, in the `loan_classes` table; the codes and what
 * staff read for them live here once.
 */
export const LOAN_CLASSES = ['current', 'olem', 'substandard', 'doubtful', 'loss'] as const;
export type LoanClass = (typeof LOAN_CLASSES)[number];

export const LOAN_CLASS_LABELS: Record<LoanClass, string> = {
  current: 'Current',
  olem: 'Other Loans Especially Mentioned (OLEM)',
  substandard: 'Substandard',
  doubtful: 'Doubtful',
  loss: 'Loss',
};

/**
 * The default buckets the migration seeds (the Bank of Sierra Leone's prudential guidelines as the
 * bank's policy source): inclusive day ranges, the last open-ended. Performing classes accrue
 * interest into income.
 */
export const DEFAULT_LOAN_CLASS_BUCKETS: readonly {
  code: LoanClass;
  minDpd: number;
  maxDpd: number | null;
  performing: boolean;
}[] = [
  { code: 'current', minDpd: 0, maxDpd: 30, performing: true },
  { code: 'olem', minDpd: 31, maxDpd: 90, performing: true },
  { code: 'substandard', minDpd: 91, maxDpd: 180, performing: false },
  { code: 'doubtful', minDpd: 181, maxDpd: 365, performing: false },
  { code: 'loss', minDpd: 366, maxDpd: null, performing: false },
];

/** One day of a loan in the book, as end of day stored it. */
export const loanBookDaySchema = z.object({
  businessDate: isoDateSchema,
  daysPastDue: z.number().int(),
  loanClass: z.enum(LOAN_CLASSES),
  principalOutstanding: z.string(),
  interestReceivable: z.string(),
  overdueAmount: z.string(),
});
export type LoanBookDay = z.infer<typeof loanBookDaySchema>;

/** A late-payment penalty end of day charged on one overdue instalment. */
export const loanPenaltySchema = z.object({
  instalmentNumber: z.number().int(),
  businessDate: isoDateSchema,
  amount: z.string(),
  /** Charged while the loan was non-performing: into suspense, not income. */
  suspended: z.boolean(),
});
export type LoanPenalty = z.infer<typeof loanPenaltySchema>;

/** GET /api/loans/:id/book: the loan's standing in the book and its last days. */
export const loanBookSchema = z.object({
  loanId: z.number().int(),
  loanClass: z.enum(LOAN_CLASSES),
  loanClassLabel: z.string(),
  daysPastDue: z.number().int(),
  performing: z.boolean(),
  interestReceivable: z.string(),
  /** The last day interest was accrued for; null before the first end of day. */
  accruedThrough: isoDateSchema.nullable(),
  /** The newest days first, at most LOAN_BOOK_HISTORY_DAYS. */
  history: z.array(loanBookDaySchema),
  /** Of the interest receivable, what is held in suspense, out of income (ADR 0064). */
  interestInSuspense: z.string(),
  /** Late-payment penalties charged and unpaid, and the part of them held in suspense. */
  penaltyReceivable: z.string(),
  penaltyInSuspense: z.string(),
  /** Every penalty charged on the loan, newest first: once per overdue instalment. */
  penalties: z.array(loanPenaltySchema),
});
export type LoanBook = z.infer<typeof loanBookSchema>;

export const LOAN_BOOK_HISTORY_DAYS = 31;

export const LOAN_BOOK_TEXT = {
  noLoanBookModule: 'No loan book module is installed: loans were not accrued or classified',
} as const;
