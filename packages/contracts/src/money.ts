import type { Currency } from './banking.ts';

/**
 * Exact money arithmetic on decimal strings through integer cents (BigInt): no float touches money
 * (ADR 0005). The one helper for both sides, so a screen's preview and the server agree to the cent.
 */

/** "12.5" → 1250n; assumes the contracts' amount format (digits, at most 2 decimals). */
export function toCents(amount: string): bigint {
  const neg = amount.startsWith('-');
  const [int = '0', frac = ''] = (neg ? amount.slice(1) : amount).split('.');
  // One BigInt parse of the digits with the cents appended (a loan's collection calls this dozens of times).
  const cents = BigInt(`${int || '0'}${frac.padEnd(2, '0').slice(0, 2)}`);
  return neg ? -cents : cents;
}

/** −1, 0 or 1 as a < b, a = b or a > b, for signed decimal strings of at most 2 decimals. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const x = toCents(a);
  const y = toCents(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** a − b of two signed decimal strings, as "-12.50". */
export const minusAmount = (a: string, b: string): string => fromCents(toCents(a) - toCents(b));

/** 1250n → "12.50". */
export function fromCents(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const s = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return neg ? `-${s}` : s;
}

/** Largest numeric(18,2) amount in cents. */
export const MAX_CENTS = 10n ** 18n - 1n;

/** A rate ("22.75", up to 6 decimals) in millionths. */
export const rateMicros = (rate: string): bigint => {
  const [int = '0', frac = ''] = rate.split('.');
  return BigInt(int || '0') * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6) || '0');
};

/** Whether two rates are the same number ("22.5" and "22.500000" are). */
export const sameRate = (a: string, b: string): boolean => rateMicros(a) === rateMicros(b);

/**
 * Converts `cents` at `rate` (units of SLE per 1 unit of the other currency, up to 6 decimals),
 * rounding half-up to a cent: into SLE multiplies, out of SLE divides.
 */
export function convertCents(cents: bigint, rate: string, from: Currency, to: Currency): bigint {
  if (from === to) return cents;
  const micro = rateMicros(rate);
  // Half-up division of non-negative integers.
  const div = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
  return to === 'SLE' ? div(cents * micro, 1_000_000n) : div(cents * 1_000_000n, micro);
}

/** The same on decimal strings: "100" USD at "22.755" → "2275.50" SLE. */
export const convertAmount = (amount: string, rate: string, from: Currency, to: Currency): string =>
  fromCents(convertCents(toCents(amount), rate, from, to));
