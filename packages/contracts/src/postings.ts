import { z } from 'zod';
import { glCodeSchema, moneySchema, postingAmountSchema, transactionDirectionSchema } from './banking.ts';

/**
 * POST /api/accounts/:number/transactions. `reference` is the client's idempotency key: sending the
 * same request again (after a timeout, a crash, a double click) returns the first posting instead of
 * posting twice. It is unique across all accounts.
 */
export const POSTING_REFERENCE_MAX = 40;

/** References the server gives postings made without one ("TX" and the zero-padded posting id). */
export const SYSTEM_REFERENCE_PATTERN = /^TX\d{12}$/;

export const POSTING_TEXT = {
  descriptionRequired: 'Please enter a description',
  descriptionTooLong: 'The description may have at most 140 characters',
  referenceFormat: 'The reference may use only letters, digits, "-" and "_" (1 to 40 characters)',
  referenceReserved: 'References of the form TX followed by 12 digits are reserved for system postings',
  referenceConflict: (reference: string) =>
    `Reference ${reference} was already used for a different posting (another account, direction or amount). Use a new reference for a new posting.`,
  counterNotOpen: (code: string, name: string) =>
    `GL account ${code} (${name}) cannot be the other side of an account posting: only suspense and clearing accounts can. Cash moves through a till; income and equity through an approved manual journal.`,
} as const;

export const postingRequestSchema = z.object({
  direction: transactionDirectionSchema,
  /** A decimal string such as "1500" or "12.50"; never a JSON number, so no float touches money. */
  amount: postingAmountSchema,
  description: z
    .string()
    .trim()
    .min(1, POSTING_TEXT.descriptionRequired)
    .max(140, POSTING_TEXT.descriptionTooLong),
  reference: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{1,${POSTING_REFERENCE_MAX}}$`), POSTING_TEXT.referenceFormat)
    .refine((r) => !SYSTEM_REFERENCE_PATTERN.test(r), POSTING_TEXT.referenceReserved),
  /**
   * The GL account on the other side, e.g. 1900 (suspense): every posting is a balanced journal entry,
   * so there is no single-sided posting. Only accounts open to account postings (counter_posting) take it.
   */
  counter_account: glCodeSchema,
});
export type PostingRequest = z.infer<typeof postingRequestSchema>;

/** The posting as stored: 201 when it was made now, 200 when `reference` returned an earlier one. */
export const postingSchema = z.object({
  id: z.string(),
  account_number: z.string(),
  direction: transactionDirectionSchema,
  /** Positive, two decimals ("12.50"). */
  amount: moneySchema,
  /** The account's running balance right after this posting. */
  balance_after: moneySchema,
  /** ISO timestamp (UTC). */
  posted_at: z.string(),
  /** Business date, YYYY-MM-DD. */
  value_date: z.string(),
  reference: z.string(),
  /** The journal entry the posting belongs to. */
  entry_id: z.string(),
});
export type PostingRecord = z.infer<typeof postingSchema>;

/** `details.code` of a 409 refusal, so a client can tell the reasons apart without parsing text. */
export const POSTING_REFUSAL_CODES = [
  'account_closed',
  'account_blocked',
  'insufficient_funds',
  'balance_out_of_range',
  'reference_conflict',
  'closed_date',
  'currency_mismatch',
  'gl_account_not_postable',
  'debit_blocked',
  'account_not_active',
  'insufficient_available',
] as const;
export type PostingRefusalCode = (typeof POSTING_REFUSAL_CODES)[number];
