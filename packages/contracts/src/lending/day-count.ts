import { fromCents, rateMicros, toCents } from '../money.ts';

/**
 * Calendar arithmetic for loan schedules (ADR 0038), on YYYY-MM-DD strings through whole days since
 * 1970-01-01 in UTC, so no time zone or daylight saving ever shifts a due date.
 */

export const LOAN_FREQUENCIES = ['monthly', 'fortnightly', 'weekly'] as const;
export type LoanFrequency = (typeof LOAN_FREQUENCIES)[number];

/** How many periods make a year: the divisor of the nominal annual rate. */
export const PERIODS_PER_YEAR: Record<LoanFrequency, number> = { monthly: 12, fortnightly: 26, weekly: 52 };

// Whole days since 1970-01-01 from a civil date and back, by integer arithmetic (H. Hinnant's
// algorithms): schedules make many dates, and Date objects and their strings cost most of a schedule.
export function dayOfCivil(year: number, month1: number, day: number): number {
  const y = month1 <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month1 + (month1 > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** The YYYY-MM-DD of a day number. */
export function isoOfDay(dayNo: number): string {
  const z = dayNo + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month1 = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month1 <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month1)}-${pad2(day)}`;
}

const parts = (iso: string): [number, number, number] => [
  Number(iso.slice(0, 4)),
  Number(iso.slice(5, 7)),
  Number(iso.slice(8, 10)),
];

/** Days since 1970-01-01. */
export const dayNumber = (iso: string): number => dayOfCivil(...parts(iso));

export const addDays = (iso: string, days: number): string => isoOfDay(dayNumber(iso) + days);

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

const daysInMonth = (year: number, month1: number): number =>
  month1 === 2
    ? (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month1)
      ? 30
      : 31;

/** The day number `k` calendar months after `iso`, the day clamped to the month's last. */
function monthsLater(y: number, m: number, d: number, k: number): number {
  const index = y * 12 + (m - 1) + k;
  const year = Math.floor(index / 12);
  const month1 = (index % 12) + 1;
  return dayOfCivil(year, month1, Math.min(d, daysInMonth(year, month1)));
}

/**
 * `iso` plus `k` calendar months, the day clamped to the month's last: 31 January plus one month is
 * 28 (or 29) February, plus two is 31 March, because each step counts from the same anchor.
 */
export const addMonths = (iso: string, k: number): string => isoOfDay(monthsLater(...parts(iso), k));

/** A function giving the day number `k` periods after `iso`: calendar months, or 14 or 7 days. */
export function periodsFrom(iso: string, frequency: LoanFrequency): (k: number) => number {
  const [y, m, d] = parts(iso);
  if (frequency === 'monthly') return (k) => monthsLater(y, m, d, k);
  const start = dayOfCivil(y, m, d);
  const step = frequency === 'fortnightly' ? 14 : 7;
  return (k) => start + k * step;
}

/** `k` periods after `iso`. */
export const addPeriods = (iso: string, k: number, frequency: LoanFrequency): string =>
  isoOfDay(periodsFrom(iso, frequency)(k));

/** Saturday or Sunday of a day number. 1970-01-01 was a Thursday (weekday 4 with Sunday as 0). */
export const isWeekendDay = (dayNo: number): boolean => {
  const weekday = (((dayNo + 4) % 7) + 7) % 7;
  return weekday === 0 || weekday === 6;
};

export const isWeekend = (iso: string): boolean => isWeekendDay(dayNumber(iso));

/** The day number itself when the bank opens that day, else the next day it does. */
export function nextBusinessDayNumber(dayNo: number, holidays: ReadonlySet<number>): number {
  let day = dayNo;
  while (isWeekendDay(day) || holidays.has(day)) day++;
  return day;
}

/** `iso` itself when the bank opens that day, else the next day it does. */
export const nextBusinessDay = (iso: string, holidays: ReadonlySet<string>): string =>
  isoOfDay(nextBusinessDayNumber(dayNumber(iso), new Set([...holidays].map(dayNumber))));

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
