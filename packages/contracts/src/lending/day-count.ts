import { fromCents, rateMicros, toCents } from '../money.ts';

/**
 * Calendar arithmetic for loan schedules (ADR 0038), on YYYY-MM-DD strings through whole days since
 * 1970-01-01 in UTC, so no time zone or daylight saving ever shifts a due date.
 */

export const LOAN_FREQUENCIES = ['monthly', 'fortnightly', 'weekly'] as const;
export type LoanFrequency = (typeof LOAN_FREQUENCIES)[number];

/** How many periods make a year: the divisor of the nominal annual rate. */
export const PERIODS_PER_YEAR: Record<LoanFrequency, number> = { monthly: 12, fortnightly: 26, weekly: 52 };

const MS_PER_DAY = 86_400_000;

const parts = (iso: string): [number, number, number] => {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m!, d!];
};

/** Days since 1970-01-01 (UTC). */
export function dayNumber(iso: string): number {
  const [y, m, d] = parts(iso);
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}

/** The YYYY-MM-DD of a day number. */
export const isoOfDay = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

export const addDays = (iso: string, days: number): string => isoOfDay(dayNumber(iso) + days);

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

const daysInMonth = (year: number, month1: number): number =>
  new Date(Date.UTC(year, month1, 0)).getUTCDate();

/**
 * `iso` plus `k` calendar months, the day clamped to the month's last: 31 January plus one month is
 * 28 (or 29) February, plus two is 31 March, because each step counts from the same anchor.
 */
export function addMonths(iso: string, k: number): string {
  const [y, m, d] = parts(iso);
  const index = y * 12 + (m - 1) + k;
  const year = Math.floor(index / 12);
  const month1 = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month1));
  return `${String(year).padStart(4, '0')}-${String(month1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `k` periods after `iso`: calendar months, or 14 or 7 days. */
export function addPeriods(iso: string, k: number, frequency: LoanFrequency): string {
  if (frequency === 'monthly') return addMonths(iso, k);
  return addDays(iso, k * (frequency === 'fortnightly' ? 14 : 7));
}

/** Saturday or Sunday. 1970-01-01 was a Thursday (weekday 4 with Sunday as 0). */
export const isWeekend = (iso: string): boolean => {
  const weekday = (((dayNumber(iso) + 4) % 7) + 7) % 7;
  return weekday === 0 || weekday === 6;
};

/** `iso` itself when the bank opens that day, else the next day it does. */
export function nextBusinessDay(iso: string, holidays: ReadonlySet<string>): string {
  let day = iso;
  while (isWeekend(day) || holidays.has(day)) day = addDays(day, 1);
  return day;
}

/**
 * Interest on `principal` at `annualRate` percent from `fromDate` (exclusive) to `toDate` (inclusive):
 * actual days ÷ 365, rounded half-up to the cent, exactly (integers only). Between two due dates the
 * principal and the rate do not change, so the span is one multiplication: it equals the sum of the
 * days' unrounded amounts (ADR 0038; deposits, whose balance moves daily, add the days up, ADR 0025).
 */
export function accruedInterest(
  principal: string,
  annualRate: string,
  fromDate: string,
  toDate: string,
): string {
  const days = daysBetween(fromDate, toDate);
  if (days < 0) throw new RangeError(`accruedInterest: ${toDate} is before ${fromDate}`);
  const cents = toCents(principal);
  if (cents < 0n) throw new RangeError('accruedInterest: a negative principal');
  // cents × (micros ÷ 10⁶ ÷ 100) × days ÷ 365, half-up.
  return fromCents(divideHalfUp(cents * rateMicros(annualRate) * BigInt(days), 100_000_000n * 365n));
}

/** n ÷ d rounded half-up, for n ≥ 0 and d > 0. */
export const divideHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);
