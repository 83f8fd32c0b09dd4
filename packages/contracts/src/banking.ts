import { z } from 'zod';

/**
 * Core banking vocabulary shared by the server (database CHECK constraints use the same lists) and
 * the web app. Money crosses the wire as a decimal string with exactly two decimals, never a float.
 */

export const CURRENCIES = ['SLE', 'USD'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

/** How the UI shows each currency: SLE is the new Leone, written "Le". */
export const CURRENCY_SYMBOLS: Record<Currency, string> = { SLE: 'Le', USD: '$' };

export const CUSTOMER_TYPES = [
  'private',
  'corporate',
  'joint',
  'employee',
  'government',
  'organisation',
] as const;
export const customerTypeSchema = z.enum(CUSTOMER_TYPES);
export type CustomerType = z.infer<typeof customerTypeSchema>;

/** Dormant: no customer-initiated activity for a long period; Closed: relationship ended. */
export const CUSTOMER_STATUSES = ['Active', 'Blocked', 'Pending', 'Dormant', 'Closed'] as const;
export const customerStatusSchema = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof customerStatusSchema>;

export const ACCOUNT_TYPES = ['Current', 'Savings', 'Fixed Deposit', 'Loan', 'Mobile Wallet'] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** The account lifecycle (deposits/lifecycle.ts): Submitted → Approved → Active → Dormant → Closed. */
export const ACCOUNT_STATUSES = [
  'Submitted',
  'Approved',
  'Active',
  'Dormant',
  'Blocked',
  'Closed',
  'Rejected',
] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const TRANSACTION_DIRECTIONS = ['credit', 'debit'] as const;
export const transactionDirectionSchema = z.enum(TRANSACTION_DIRECTIONS);
export type TransactionDirection = z.infer<typeof transactionDirectionSchema>;

/** Customer ids are integers shown zero-padded to this many digits. */
export const CUSTOMER_ID_DIGITS = 6;

/** A signed amount as the database returns numeric(18,2): "1234.50", "-20.00". */
export const moneySchema = z
  .string()
  .regex(/^-?\d{1,16}\.\d{2}$/, 'must be a decimal amount with 2 decimals');

/** A posting amount as a caller may type it: positive, at most 2 decimals, fits numeric(18,2). */
export const postingAmountSchema = z
  .string()
  .regex(/^\d{1,16}(\.\d{1,2})?$/, 'must be a positive amount with at most 2 decimals')
  .refine((v) => /[1-9]/.test(v), 'must be greater than zero');

/** A GL account code such as 1010, or 1020-001 (teller cash of branch 001). */
export const glCodeSchema = z.string().regex(/^[0-9]{1,4}(-[0-9A-Z]{3})?$/, 'must be a GL account code');

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const DATE_TEXT = {
  format: 'must be a date YYYY-MM-DD',
  calendar: 'must be a real calendar date (no February 30, April 31 or year 0000)',
} as const;

/**
 * Whether a YYYY-MM-DD string names a day that exists: year 0001 to 9999, month 1 to 12, day within
 * its month (leap years counted). The database refuses any other date with an error, not a refusal.
 */
export function isCalendarDate(d: string): boolean {
  const m = ISO_DATE.exec(d);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/**
 * THE date a request may carry, YYYY-MM-DD, checked against the calendar: every date field and date
 * filter of the API uses it, so 2026-02-30 is a 400 on the field, never a database error.
 */
export const isoDateSchema = z
  .string()
  .regex(ISO_DATE, DATE_TEXT.format)
  // The format's own message covers a malformed string; this one speaks only of impossible days.
  .refine((d) => !ISO_DATE.test(d) || isCalendarDate(d), DATE_TEXT.calendar);

// --- Dashboard -------------------------------------------------------------------------------

/** Shown as the tooltip of the compliance card, so the number is never mistaken for more than it is. */
export const COMPLIANCE_SCORE_DEFINITION =
  'Share of active customers whose KYC profile is complete: an identity document number, an address, ' +
  'a date of birth (individuals only) and a recorded KYC verification date.';

// The dashboard's response schemas live in dashboard.ts.
