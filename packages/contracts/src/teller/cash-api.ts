import { z } from 'zod';
import { currencySchema, isoDateSchema, moneySchema, postingAmountSchema } from '../banking.ts';
import { accountNumberSchema } from '../deposits/account-number.ts';
import { pageQuerySchema } from '../paging.ts';
import { TELLER_TEXT } from './messages.ts';
import { tellerReferenceSchema } from './sessions-api.ts';

/**
 * Cash deposits and withdrawals at the counter, the currency transaction report
 * list, and the teller's journal.
 */

const partyName = z.string().trim().min(1, TELLER_TEXT.partyNameRequired).max(80, 'At most 80 characters');
const partyIdNumber = z.string().trim().min(1, TELLER_TEXT.partyIdRequired).max(40, 'At most 40 characters');
const narration = z.string().trim().max(140, 'At most 140 characters').optional();

/** POST /api/teller/deposits → 201 (200 when replayed). */
export const cashDepositSchema = z.object({
  reference: tellerReferenceSchema,
  accountNumber: accountNumberSchema,
  amount: postingAmountSchema,
  /** The depositor. */
  partyName,
  partyIdNumber,
  narration,
});
export type CashDeposit = z.input<typeof cashDepositSchema>;

/**
 * POST /api/teller/withdrawals → 201 paid, or 202 with `approvalId` over the teller's cash withdrawal
 * limit (then a supervisor approves and the teller pays with POST /api/teller/withdrawals/:id/pay).
 */
export const cashWithdrawalSchema = cashDepositSchema.extend({
  /** The bearer matched the specimen signature (the audit row records it). */
  signatureConfirmed: z.literal(true, TELLER_TEXT.signatureRequired),
});
export type CashWithdrawal = z.input<typeof cashWithdrawalSchema>;

/**
 * A loan repayment is cash in, a loan disbursement cash out, that the loans module posts (its own
 * journal) and the till records.
 */
export const TELLER_TRANSACTION_KINDS = [
  'deposit',
  'withdrawal',
  'loan_repayment',
  'loan_disbursement',
] as const;
export type TellerTransactionKind = (typeof TELLER_TRANSACTION_KINDS)[number];
/** The kinds that take cash out of the till: its cash-out tally and the CTR's direction "out". */
export const TELLER_CASH_OUT_KINDS = [
  'withdrawal',
  'loan_disbursement',
] as const satisfies TellerTransactionKind[];
export const TELLER_TRANSACTION_STATUSES = ['pending_approval', 'approved', 'rejected', 'posted'] as const;
export type TellerTransactionStatus = (typeof TELLER_TRANSACTION_STATUSES)[number];

export const tellerTransactionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.enum(TELLER_TRANSACTION_KINDS),
  status: z.enum(TELLER_TRANSACTION_STATUSES),
  sessionId: z.string(),
  branch: z.string(),
  /** The branch's name as the branch register has it (the code when it has none). */
  branchName: z.string(),
  tellerEmail: z.string(),
  /** The teller's name on their profile (the e-mail when none is on file), as the receipts print it. */
  tellerName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  currency: currencySchema,
  amount: moneySchema,
  amountInWords: z.string(),
  partyName: z.string(),
  partyIdNumber: z.string(),
  narration: z.string(),
  signatureConfirmed: z.boolean(),
  /** At or above CTR_THRESHOLD: a currency-transaction-report candidate. */
  ctrFlag: z.boolean(),
  approvalId: z.string().nullable(),
  /** The journal entry, once posted (its receipt: GET /api/journal-entries/:id/receipt.pdf). */
  entryId: z.string().nullable(),
  entryReference: z.string().nullable(),
  businessDate: isoDateSchema,
  createdAt: z.string(),
  postedAt: z.string().nullable(),
});
export type TellerTransaction = z.infer<typeof tellerTransactionSchema>;

/** GET /api/teller/sessions/:id/transactions: the session's journal, newest first. */
export const sessionTransactionsQuerySchema = pageQuerySchema.extend({
  status: z.enum(TELLER_TRANSACTION_STATUSES).optional(),
});

export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;

/** GET /api/ctr-flags: flagged cash transactions, newest first; CSV and PDF export the whole filter. */
export const ctrFlagQuerySchema = pageQuerySchema.extend({
  branch: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  format: z.enum(REPORT_FORMATS).default('json'),
});
export type CtrFlagQuery = z.infer<typeof ctrFlagQuerySchema>;

export const ctrFlagSchema = z.object({
  id: z.string(),
  businessDate: isoDateSchema,
  postedAt: z.string(),
  branch: z.string(),
  kind: z.enum(TELLER_TRANSACTION_KINDS),
  accountNumber: z.string(),
  accountName: z.string(),
  currency: currencySchema,
  amount: moneySchema,
  partyName: z.string(),
  partyIdNumber: z.string(),
  tellerEmail: z.string(),
  entryId: z.string(),
  reference: z.string(),
});
export type CtrFlag = z.infer<typeof ctrFlagSchema>;

/** The file names of the teller's exports: `ctr-flags-<from>-to-<to>.csv`, `receipt-<entry>.pdf`. */
export const ctrExportFileName = (from: string, to: string, format: 'csv' | 'pdf') =>
  `ctr-flags-${from || 'start'}-to-${to || 'today'}.${format}`;
export const receiptFileName = (entryId: string) => `receipt-${entryId}.pdf`;

/**
 * GET /api/teller/withdrawals/:id/check: what the supervisor compares before approving a withdrawal
 * over the teller's limit: the holder (whose photo and specimen signature the customer's documents
 * hold) and the account's available balance now.
 */
export const withdrawalCheckSchema = z.object({
  transactionId: z.string(),
  status: z.enum(TELLER_TRANSACTION_STATUSES),
  customerId: z.number().int(),
  accountNumber: z.string(),
  accountName: z.string(),
  currency: currencySchema,
  amount: moneySchema,
  /** balance − active holds + an unexpired overdraft limit, as the posting will check it. */
  available: moneySchema,
});
export type WithdrawalCheck = z.infer<typeof withdrawalCheckSchema>;
