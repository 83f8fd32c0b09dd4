import { fromCents, toCents } from '../ledger/index.ts';

/** a − b of two signed decimal strings, as "-12.50". */
export const minus = (a: string, b: string): string => fromCents(toCents(a) - toCents(b));
