import { z } from 'zod';

/** docs/product.md §3 "Account enquiry record", from the database. `balance` is a decimal string. */
export const accountDetailsSchema = z.object({
  accountNumber: z.string(),
  accountName: z.string(),
  accountType: z.string(),
  balance: z.string(),
  currency: z.enum(['SLE', 'USD']),
  status: z.string(),
  /** ISO date, YYYY-MM-DD. */
  dateOpened: z.string(),
  branch: z.string(),
  /** The holder: Account Enquiry shows their current photo and specimen signature. */
  customerId: z.number().int().optional(),
  /** The active holds, and balance − holds + an unexpired overdraft limit. */
  held: z.string().optional(),
  available: z.string().optional(),
  /** Set when status is Blocked: 'debit' (credits still post) or 'total'. */
  blockKind: z.enum(['debit', 'total']).nullable().optional(),
  /**
   * ISO timestamp of the newest posting, or null for an account without any: Account Enquiry's last
   * activity.
   */
  lastActivity: z.string().nullable().optional(),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

/**
 * docs/product.md §3 "Transaction record". `date` is an ISO timestamp; amounts are positive decimal strings.
 */
export const transactionSchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.string(),
  type: z.enum(['credit', 'debit']),
  balance: z.string(),
  /** False for a reversal's own line and for a posting already reversed: neither can be reversed. */
  reversible: z.boolean(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTIONS_DEFAULT_LIMIT = 10;

export const transactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(TRANSACTIONS_DEFAULT_LIMIT),
  /** Opaque keyset cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});

export const transactionsPageSchema = z.object({
  items: z.array(transactionSchema),
  nextCursor: z.string().nullable(),
});
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

/** A calendar date that exists ("2026-13-45" and year 0 do not: the database refused them with a 500). */
const isoDate = z.iso
  .date({ error: 'Use a date like 2026-01-31' })
  .refine((d) => d >= '0001-01-01', 'Use a date like 2026-01-31');

export const statementQuerySchema = z
  .object({ from: isoDate, to: isoDate, format: z.enum(['pdf', 'csv']).default('pdf') })
  .refine((q) => q.from <= q.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;
/** The server checks this against the business date, the form against today's date. */
export const STATEMENT_END_AFTER_TODAY = 'The statement period cannot end after today';

/** docs/product.md §2, §5, §8 texts of the Account Enquiry screen. */
export const ACCOUNT_ENQUIRY_TEXT = {
  title: 'Account Enquiry',
  numberRequired: 'Please enter an account number',
  foundTitle: 'Account Found',
  found: (number: string) => `Account details for ${number} retrieved successfully.`,
  notFound: (number: string) => `No account found with number ${number}.`,
} as const;
