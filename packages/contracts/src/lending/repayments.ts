import { z } from 'zod';
import { isoDateSchema, postingAmountSchema } from '../banking.ts';
import { entryReferenceSchema } from '../gl.ts';
import { LOAN_STATUSES } from './loans.ts';
import { OVERPAYMENT_HANDLING } from './repayment.ts';

/**
 * Loan repayments over HTTP (docs/loans.md, ADR 0052): every channel runs the same service and the
 * same engine (repayment.ts); these are the requests, answers and words the routes and screens share.
 */
export const LOAN_REPAYMENT_CHANNELS = ['transfer', 'cash', 'settlement', 'auto_debit', 'check_off'] as const;
export type LoanRepaymentChannel = (typeof LOAN_REPAYMENT_CHANNELS)[number];

export const LOAN_REPAYMENT_TEXT = {
  notActive: 'This loan is not Active: it takes no repayment.',
  nothingDue:
    'Nothing is due on this loan now: the next instalment is paid. To pay ahead, choose to prepay; to close it, settle it with a payoff quote.',
  overpayment: (due: string) =>
    `The amount is more than is due now with the next instalment (Le ${due}). Pay at most that, choose to prepay, or settle the loan.`,
  prepayAfterEarly:
    'The next instalment was paid ahead of its date: prepay once it falls due, or settle the loan with a payoff quote.',
  beyondPrincipal: (max: string) =>
    `The amount is more than the loan owes (at most Le ${max} with the prepayment). Settle it with a payoff quote instead.`,
  sameAccount: 'A loan cannot be repaid from its own loan account.',
  wrongCurrency: 'The paying account must be in the loan’s currency.',
  referenceConflict: (reference: string) =>
    `Reference ${reference} was already used for another repayment. Use a new reference for a new repayment.`,
  payoffDate: 'The payoff date cannot be before the business date.',
  quoteChanged: (total: string) => `The payoff is now Le ${total}: take a new quote and settle that amount.`,
  notNewestRepayment:
    'A later repayment of this loan stands: reverse the loan’s repayments newest first, then this one.',
} as const;

/** `details.code` of the 409 refusals, so a client tells them apart without parsing the text. */
export const LOAN_REPAYMENT_REFUSALS = [
  'loan_not_active',
  'nothing_due',
  'overpayment',
  'reference_conflict',
  'wrong_currency',
  'quote_changed',
  'not_newest_repayment',
] as const;

/** POST /api/loans/:id/repayments: a repayment by transfer from a customer account. */
export const loanRepaymentRequestSchema = z.object({
  /** The paying account's number (any customer's, in the loan's currency). */
  fromAccount: z.string().trim().min(1).max(20),
  amount: postingAmountSchema,
  /** The client's idempotency key: the same request again answers the first repayment. */
  reference: entryReferenceSchema,
  /**
   * The customer's choice for money beyond what is due: `prepay` repays principal early (the product
   * chooses reduce term or reduce instalment), `refuse` (default) refuses the whole payment.
   */
  overpayment: z.enum(OVERPAYMENT_HANDLING).default('refuse'),
});
export type LoanRepaymentRequest = z.input<typeof loanRepaymentRequestSchema>;

const amount = z.string();
export const loanRepaymentAllocationSchema = z.object({
  instalmentNumber: z.number().int(),
  principal: amount,
  interest: amount,
  fee: amount,
  penalty: amount,
});

/** A repayment as recorded: 201 when posted now, 200 when its reference named an earlier one. */
export const loanRepaymentSchema = z.object({
  id: z.number().int(),
  loanId: z.number().int(),
  reference: z.string(),
  channel: z.enum(LOAN_REPAYMENT_CHANNELS),
  amount,
  principal: amount,
  interest: amount,
  /** The part of the interest credited to interest receivable (accrued earlier); the rest is income. */
  interestReceivable: amount,
  fee: amount,
  penalty: amount,
  /** Principal repaid ahead of its due dates (part of `principal`). */
  prepayment: amount,
  overpayment: z.enum(OVERPAYMENT_HANDLING),
  allocations: z.array(loanRepaymentAllocationSchema),
  entryId: z.number().int(),
  valueDate: z.string(),
  /** The loan after the repayment: Closed when it cleared everything. */
  loanStatus: z.enum(LOAN_STATUSES),
  /** Principal still owed after the repayment. */
  outstanding: amount,
  /** On a written-off loan the whole amount is a recovery (income), none of it principal (ADR 0065). */
  recovery: amount.optional(),
});
export type LoanRepayment = z.infer<typeof loanRepaymentSchema>;

/** GET /api/loans/:id/payoff?date=: the date defaults to the business date and may not precede it. */
export const loanPayoffQuerySchema = z.object({ date: isoDateSchema.optional() });

export const loanPayoffQuoteSchema = z.object({
  loanId: z.number().int(),
  asOf: z.string(),
  principal: amount,
  interestDue: amount,
  interestAccrued: amount,
  accruedFrom: z.string(),
  days: z.number().int(),
  fees: amount,
  penalties: amount,
  total: amount,
});
export type LoanPayoffQuote = z.infer<typeof loanPayoffQuoteSchema>;

/**
 * POST /api/loans/:id/settle: pays the payoff quote of the business date from an account and closes
 * the loan. `amount` is the quote the customer agreed to: a quote that moved since is refused.
 */
export const loanSettleRequestSchema = z.object({
  fromAccount: z.string().trim().min(1).max(20),
  amount: postingAmountSchema,
  reference: entryReferenceSchema,
});
export type LoanSettleRequest = z.infer<typeof loanSettleRequestSchema>;

/** POST /api/loans/:id/cash-repayments: cash at the counter, into the teller's open till. */
export const loanCashRepaymentRequestSchema = loanRepaymentRequestSchema.omit({ fromAccount: true }).extend({
  /** Who brought the cash, for the receipt and the audit trail. */
  partyName: z.string().trim().min(1, 'Please enter who paid').max(120),
  /** Their ID document's number: the till's record and a currency transaction report carry it. */
  partyIdNumber: z.string().trim().max(40, 'At most 40 characters').optional(),
});
export type LoanCashRepaymentRequest = z.input<typeof loanCashRepaymentRequestSchema>;

/** GET /api/loans/by-account/:number: what the teller sees before taking a repayment. */
export const loanRepaymentLookupSchema = z.object({
  id: z.number().int(),
  accountNumber: z.string(),
  customerName: z.string(),
  branch: z.string(),
  currency: z.string(),
  status: z.enum(LOAN_STATUSES),
  /** Principal still owed. */
  outstanding: amount,
  /** The oldest instalment not paid in full, and what is left of it. */
  nextDue: z.object({ dueDate: z.string(), amount }).nullable(),
  /** Everything due on or before the business date and not paid: what a repayment pays without prepaying. */
  dueNow: amount,
  arrears: amount,
  daysPastDue: z.number().int(),
  payoff: loanPayoffQuoteSchema,
});
export type LoanRepaymentLookup = z.infer<typeof loanRepaymentLookupSchema>;
export const loanAccountNumberParam = z.object({ number: z.string().trim().min(1).max(20) });

/** The end-of-day auto-debit of instalments due (ADR 0061). */
export const LOAN_AUTO_DEBIT_TEXT = {
  noModule: 'No loans module is installed: no instalment was auto-debited',
  /** The step's totals on the run screen. */
  collected: 'Loans debited',
  amount: 'Amount collected',
  partial: 'Collected in part (balance short)',
  nothing: 'Nothing collected (no available balance)',
} as const;
