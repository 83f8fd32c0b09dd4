import { CURRENCY_SYMBOLS, CUSTOMER_ID_DIGITS, type Currency } from './banking.ts';

/**
 * Display rules shared by every screen (docs/product.md §2, §9). Money arrives as decimal strings, never
 * floats.
 */

/** Customer ids are shown zero-padded to 6 digits (docs/product.md §2). */
export const padCustomerId = (id: number | string): string => String(id).padStart(CUSTOMER_ID_DIGITS, '0');

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A balance with exactly 2 decimals and thousands separators, US format: '1,234,567.80'.
 * Decimal strings are formatted exactly (Intl accepts them without going through a float).
 */
export function formatAmount(value: string | number): string {
  return twoDecimals.format(value as number);
}

/** 'Le 1,250.00' for the new Leone, '$1,250.00' for US dollars; negatives as '-Le 5.00'. */
export function formatCurrency(value: string | number, currency: Currency): string {
  const text = formatAmount(value);
  const negative = text.startsWith('-');
  const abs = negative ? text.slice(1) : text;
  const symbol = CURRENCY_SYMBOLS[currency];
  const body = currency === 'SLE' ? `${symbol} ${abs}` : `${symbol}${abs}`;
  return negative ? `-${body}` : body;
}

/** 'March 4, 2026' — the long date of docs/product.md §2.8. Takes an ISO date (YYYY-MM-DD) or timestamp. */
export function formatLongDate(value: string | Date): string {
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00Z`)
      : new Date(value);
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

// --- One format policy on every screen: day-first dates, 24-hour time in Freetown, grouped counts ---

/** The bank's time zone: every date and time on screen and in PDFs is Freetown's, whatever the browser's. */
export const BANK_TIME_ZONE = 'Africa/Freetown';

const dayFirstDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: BANK_TIME_ZONE,
});
const dayFirstDateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: BANK_TIME_ZONE,
});
const toDate = (value: string | Date): Date =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T12:00:00Z`)
    : new Date(value);

/** '23 Nov 2026'. A bare YYYY-MM-DD is that calendar day; a timestamp is its day in Freetown. */
export function formatDate(value: string | Date): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? String(value) : dayFirstDate.format(d);
}

/** '23 Nov 2026, 21:54' in Freetown, 24-hour. */
export function formatDateTime(value: string | Date): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? String(value) : dayFirstDateTime.format(d);
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Every count with thousands separators: '1,738'. */
export const formatCount = (n: number): string => grouped.format(n);

/** One display form for phone numbers: '+232 76 123 456' for Sierra Leone, other numbers as stored. */
export function formatPhone(e164: string): string {
  const m = /^\+232(\d{2})(\d{3})(\d{3})$/.exec(e164);
  return m ? `+232 ${m[1]} ${m[2]} ${m[3]}` : e164;
}
