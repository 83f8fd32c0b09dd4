/**
 * Exact money arithmetic on decimal strings through integer cents (BigInt): no float touches money.
 * Used to pre-check balance before the database's own check, and to convert at an FX rate.
 */

/** "12.5" → 1250n; assumes the contracts' amount format (digits, at most 2 decimals). */
export function toCents(amount: string): bigint {
  const [int = '0', frac = ''] = amount.split('.');
  return BigInt(int) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2) || '0');
}

/** 1250n → "12.50". */
export function fromCents(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const s = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return neg ? `-${s}` : s;
}

/** Largest numeric(18,2) amount in cents. */
export const MAX_CENTS = 10n ** 18n - 1n;

/**
 * Converts `cents` at `rate` (units of SLE per 1 USD, up to 6 decimals), rounding half-up to a cent:
 * USD → SLE multiplies, SLE → USD divides.
 */
export function convert(cents: bigint, rate: string, from: 'SLE' | 'USD', to: 'SLE' | 'USD'): bigint {
  if (from === to) return cents;
  const [int = '0', frac = ''] = rate.split('.');
  const micro = BigInt(int) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6) || '0');
  // Half-up division of non-negative integers.
  const div = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
  return from === 'USD' ? div(cents * micro, 1_000_000n) : div(cents * 1_000_000n, micro);
}
