import { z } from 'zod';
import { currencySchema, moneySchema } from '../banking.ts';
import { tellerReferenceSchema } from '../teller/sessions-api.ts';

/**
 * Loan disbursement in cash at the till (ADR 0070). The loan officer asks for the disbursement with
 * `channel: 'cash'`; a checker approves as for any disbursement, which moves no money; a teller of the
 * loan's branch then pays the net amount out of an open till, and only then is the loan made, its
 * schedule frozen on that day and its one journal posted (Dr loan, Cr till cash, Cr fee income).
 */
export const LOAN_DISBURSEMENT_CHANNELS = ['account', 'cash'] as const;
export type LoanDisbursementChannel = (typeof LOAN_DISBURSEMENT_CHANNELS)[number];

export const LOAN_CASH_DISBURSEMENT_TEXT = {
  notApprovedForCash:
    'This application has no approved cash disbursement: the loan officer asks for one first.',
  firstDuePassed:
    'The first due date the approval set is no longer after the business date: ask for the disbursement again.',
  identityRequired: 'Confirm the customer’s identity against their ID and specimen signature',
  partyName: 'Please enter who received the cash',
  partyIdNumber: 'Please enter the customer’s ID document number',
  applicationNumber: 'Enter the loan application number',
} as const;

/** GET /api/loan-applications/:id/cash-disbursement: what the teller reads before paying out. */
export const loanCashDisbursementQuoteSchema = z.object({
  applicationId: z.number().int(),
  custId: z.number().int(),
  customerName: z.string(),
  /** The borrower's national ID on file, to compare with the document shown at the counter. */
  customerIdNumber: z.string().nullable(),
  branch: z.string(),
  product: z.string(),
  currency: currencySchema,
  /** The amount financed (principal; a capitalised fee included). */
  gross: moneySchema,
  /** Fees taken at disbursement (deducted from the cash or capitalised into the principal). */
  fees: moneySchema,
  /** The cash that leaves the till. */
  net: moneySchema,
  approvalId: z.string(),
  approvedByEmail: z.string(),
  firstDueDate: z.string().nullable(),
});
export type LoanCashDisbursementQuote = z.infer<typeof loanCashDisbursementQuoteSchema>;

/** POST /api/loan-applications/:id/cash-disbursement: the teller pays out (idempotent by reference). */
export const loanCashDisbursementRequestSchema = z.object({
  reference: tellerReferenceSchema,
  /** The customer receiving the cash (a loan is paid to its borrower in person). */
  partyName: z.string().trim().min(1, LOAN_CASH_DISBURSEMENT_TEXT.partyName).max(80, 'At most 80 characters'),
  partyIdNumber: z
    .string()
    .trim()
    .min(1, LOAN_CASH_DISBURSEMENT_TEXT.partyIdNumber)
    .max(40, 'At most 40 characters'),
  /** The teller compared the person with the ID document and the specimen signature. */
  identityConfirmed: z.literal(true, LOAN_CASH_DISBURSEMENT_TEXT.identityRequired),
});
export type LoanCashDisbursementRequest = z.input<typeof loanCashDisbursementRequestSchema>;

/** The payout's answer and on-screen receipt (201 paid, 200 the same reference again). */
export const loanCashDisbursementSchema = loanCashDisbursementQuoteSchema
  .omit({ approvalId: true, approvedByEmail: true, customerIdNumber: true, firstDueDate: true })
  .extend({
    loanId: z.number().int(),
    loanAccount: z.string(),
    reference: z.string(),
    entryId: z.string(),
    entryReference: z.string(),
    disbursementDate: z.string(),
    firstDueDate: z.string(),
    partyName: z.string(),
    partyIdNumber: z.string(),
    tillCode: z.string(),
    branchName: z.string(),
    tellerEmail: z.string(),
    postedAt: z.string(),
  });
export type LoanCashDisbursement = z.infer<typeof loanCashDisbursementSchema>;
