import { fromCents } from '../ledger/index.ts';

/** "-12.50" → -1250n: the ledger's toCents reads unsigned amounts; report figures can be negative. */
export function signedCents(v: string): bigint {
  const neg = v.startsWith('-');
  const [i = '0', f = ''] = (neg ? v.slice(1) : v).split('.');
  const c = BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
  return neg ? -c : c;
}

/** a − b of two signed decimal strings, as "-12.50". */
export const minus = (a: string, b: string): string => fromCents(signedCents(a) - signedCents(b));
