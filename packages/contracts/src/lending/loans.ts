import { z } from 'zod';
import { currencySchema, isoDateSchema } from '../banking.ts';
import { fromCents, toCents } from '../money.ts';
import { pageQuerySchema } from '../paging.ts';
import { COLLATERAL_TYPE_LIST, LOAN_APPLICATION_STATUSES } from './applications.ts';
import { LOAN_DISBURSEMENT_CHANNELS } from './cash-disbursement.ts';
import { LOAN_INTEREST_METHODS, LOAN_REPAYMENT_FREQUENCIES, type LoanProductTerms } from './products.ts';

/**
 * Disbursed loans (docs/loans.md, ADR 0045): the loan row, its frozen schedule and the loan 360. A
 * loan is Active from the day it is disbursed (as in Fineract); the application that made it stays
 * Disbursed, its last state.
 */
export const LOAN_STATUSES = ['Active', 'Closed', 'Written off'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/**
 * One frozen instalment as stored: the four parts due and paid, as decimal strings. The same fields
 * as the repayment engine's InstalmentState (that module owns the name), so a row read here is one
 * it takes. Its state is derived (instalmentState), never stored: a repayment writes the paid columns.
 */
export interface FrozenInstalment {
  instalmentNumber: number;
  dueDate: string;
  principalDue: string;
  interestDue: string;
  feeDue: string;
  penaltyDue: string;
  principalPaid: string;
  interestPaid: string;
  feePaid: string;
  penaltyPaid: string;
}

export const INSTALMENT_STATES = ['paid', 'partly', 'overdue', 'due', 'future'] as const;
export type InstalmentShownState = (typeof INSTALMENT_STATES)[number];

const PARTS = ['principal', 'interest', 'fee', 'penalty'] as const;
const dueOf = (i: FrozenInstalment) => PARTS.reduce((s, p) => s + toCents(i[`${p}Due`]), 0n);
const paidOf = (i: FrozenInstalment) => PARTS.reduce((s, p) => s + toCents(i[`${p}Paid`]), 0n);

/**
 * What an instalment shows on the business date: paid in full; overdue (due before today, not paid in
 * full, whether or not something was paid); partly paid (something paid, not yet due); due today; or
 * in the future.
 */
export function instalmentState(i: FrozenInstalment, today: string): InstalmentShownState {
  const due = dueOf(i);
  const paid = paidOf(i);
  if (paid >= due) return 'paid';
  if (i.dueDate < today) return 'overdue';
  if (paid > 0n) return 'partly';
  return i.dueDate === today ? 'due' : 'future';
}

/** Days since the oldest instalment not paid in full fell due (0 when none is overdue). */
export function daysPastDue(instalments: readonly FrozenInstalment[], today: string): number {
  const oldest = instalments.find((i) => i.dueDate < today && paidOf(i) < dueOf(i));
  if (!oldest) return 0;
  return Math.round(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${oldest.dueDate}T00:00:00Z`)) / 86_400_000,
  );
}

/** The product's processing fee on an amount, to the cent (a percentage rounds half-up). */
export function loanProcessingFee(terms: Pick<LoanProductTerms, 'processingFee'>, amount: string): string {
  const fee = terms.processingFee;
  if (fee.kind === 'fixed') return fee.value;
  const [w = '0', f = ''] = fee.value.split('.');
  const micros = BigInt(w) * 10_000n + BigInt(f.padEnd(4, '0').slice(0, 4));
  const num = toCents(amount) * micros;
  const den = 100n * 10_000n;
  return fromCents((2n * num + den) / (2n * den));
}

export const LOAN_TEXT_DISBURSE = {
  notFound: 'No loan with this id.',
  noLoanAccountProduct: 'No open Loan account product in this currency: define one before disbursing.',
  repaymentAccount: 'The repayment account is no longer an Active account of the borrower.',
  pendingDisbursement: 'A disbursement request is pending for this application; decide or withdraw it first.',
  firstDue: 'The first due date must be after the business date.',
} as const;

/** POST /api/loan-applications/:id/disburse: the maker's request (four-eyes). */
export const loanDisburseSchema = z.object({
  /** Unset: one period after the disbursement date (the business date when the checker approves). */
  firstDueDate: isoDateSchema.optional(),
  /** Where the net amount goes: the repayment account (default) or cash at a teller's till (ADR 0070). */
  channel: z.enum(LOAN_DISBURSEMENT_CHANNELS).default('account'),
});
export type LoanDisburse = z.input<typeof loanDisburseSchema>;

export const loanDisburseAnswerSchema = z.object({
  applicationId: z.number().int(),
  approvalId: z.string(),
  status: z.enum(LOAN_APPLICATION_STATUSES),
});

export const loanIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const LOAN_SORTS = ['disbursed', 'amount', 'outstanding', 'id'] as const;

/** GET /api/loans: a page, filtered and sorted in the database (Closed Loans: status=Closed). */
export const loanListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(LOAN_SORTS).default('disbursed'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(LOAN_STATUSES).optional(),
  branch: z.string().max(8).optional(),
  product: z.string().max(12).optional(),
  custId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  /** The loan account's number, whole or its start. */
  account: z.string().trim().max(20).optional(),
});
export type LoanListQuery = z.infer<typeof loanListQuerySchema>;

export const loanSummarySchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  accountNumber: z.string(),
  custId: z.number().int(),
  customerName: z.string(),
  branch: z.string(),
  productCode: z.string(),
  productName: z.string(),
  productVersion: z.number().int(),
  currency: currencySchema,
  /** The amount lent. */
  amount: z.string(),
  /** Principal still owed: the loan account's balance, as a positive amount. */
  outstanding: z.string(),
  rate: z.string(),
  term: z.number().int(),
  disbursementDate: z.string(),
  status: z.enum(LOAN_STATUSES),
  /** Days since the oldest instalment not paid in full fell due (0 when none is overdue). */
  daysPastDue: z.number().int(),
  /** Dues not paid on instalments already past their date. */
  arrears: z.string(),
});
export type LoanSummary = z.infer<typeof loanSummarySchema>;

export const loanInstalmentSchema = z.object({
  instalmentNumber: z.number().int(),
  dueDate: z.string(),
  principalDue: z.string(),
  interestDue: z.string(),
  feeDue: z.string(),
  penaltyDue: z.string(),
  principalPaid: z.string(),
  interestPaid: z.string(),
  feePaid: z.string(),
  penaltyPaid: z.string(),
  totalDue: z.string(),
  totalPaid: z.string(),
  state: z.enum(INSTALMENT_STATES),
});
export type LoanInstalment = z.infer<typeof loanInstalmentSchema>;

export const loanDetailSchema = loanSummarySchema.extend({
  amountFinanced: z.string(),
  processingFee: z.string(),
  netDisbursed: z.string(),
  interestMethod: z.enum(LOAN_INTEREST_METHODS),
  frequency: z.enum(LOAN_REPAYMENT_FREQUENCIES),
  firstDueDate: z.string(),
  repaymentAccount: z.string(),
  apr: z.string(),
  totalInterest: z.string(),
  /** Interest and fees over the life of the loan: what the credit costs. */
  totalCostOfCredit: z.string(),
  nextDue: z.object({ dueDate: z.string(), amount: z.string() }).nullable(),
  disbursedByEmail: z.string(),
  approvedByEmail: z.string(),
  schedule: z.array(loanInstalmentSchema),
  guarantors: z.array(z.object({ custId: z.number().int(), name: z.string(), amount: z.string() })),
  collateral: z.array(
    z.object({
      type: z.enum(COLLATERAL_TYPE_LIST),
      description: z.string(),
      marketValue: z.string(),
      forcedSaleValue: z.string(),
      haircutPercent: z.string(),
      lendingValue: z.string(),
    }),
  ),
  transactions: z.array(
    z.object({
      transactionId: z.number().int(),
      postedAt: z.string(),
      valueDate: z.string(),
      description: z.string(),
      reference: z.string(),
      side: z.enum(['debit', 'credit']),
      amount: z.string(),
      balanceAfter: z.string(),
    }),
  ),
  audit: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      actorEmail: z.string().nullable(),
      outcome: z.string(),
    }),
  ),
  pendingApprovals: z.array(
    z.object({ id: z.string(), type: z.string(), makerEmail: z.string(), createdAt: z.string() }),
  ),
});
export type LoanDetail = z.infer<typeof loanDetailSchema>;
