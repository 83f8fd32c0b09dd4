import { z } from 'zod';
import { postingAmountSchema, type Currency } from '../banking.ts';

/**
 * The notes and coins a till counts (ADR "teller tills and vaults" cites the sources). Leones: the
 * redenominated ("new") Leone issued by the Bank of Sierra Leone from 1 July 2022 — notes of Le 20,
 * 10, 5, 2 and 1, coins of 50, 25, 10, 5 and 1 cents. US dollar tills count notes only (banks do not
 * take US coins at the counter).
 */
export interface Denomination {
  /** Key in a count: `LE20`, `C50`, `USD100`. */
  code: string;
  /** Face value in the currency, two decimals. */
  value: string;
  kind: 'note' | 'coin';
  label: string;
}

const note = (code: string, value: string, label: string): Denomination => ({
  code,
  value,
  kind: 'note',
  label,
});
const coin = (code: string, value: string, label: string): Denomination => ({
  code,
  value,
  kind: 'coin',
  label,
});

export const DENOMINATIONS: Record<Currency, readonly Denomination[]> = {
  SLE: [
    note('LE20', '20.00', 'Le 20'),
    note('LE10', '10.00', 'Le 10'),
    note('LE5', '5.00', 'Le 5'),
    note('LE2', '2.00', 'Le 2'),
    note('LE1', '1.00', 'Le 1'),
    coin('C50', '0.50', '50 cents'),
    coin('C25', '0.25', '25 cents'),
    coin('C10', '0.10', '10 cents'),
    coin('C5', '0.05', '5 cents'),
    coin('C1', '0.01', '1 cent'),
  ],
  USD: [
    note('USD100', '100.00', '$100'),
    note('USD50', '50.00', '$50'),
    note('USD20', '20.00', '$20'),
    note('USD10', '10.00', '$10'),
    note('USD5', '5.00', '$5'),
    note('USD2', '2.00', '$2'),
    note('USD1', '1.00', '$1'),
  ],
};

/** The most pieces of one denomination a count may list (a vault holds bundles, not millions). */
export const MAX_PIECES = 10_000_000;

/** Pieces per denomination code; a code the currency does not have is refused by `countProblem`. */
export const denominationCountsSchema = z
  .record(
    z.string().regex(/^[A-Z0-9]{1,8}$/, 'Unknown denomination'),
    z.number().int('Count whole notes and coins').min(0, 'A count cannot be negative').max(MAX_PIECES),
  )
  .refine((r) => Object.keys(r).length <= 20, 'Too many denominations');
export type DenominationCounts = z.infer<typeof denominationCountsSchema>;

/** A count by denomination and the total the counter arrived at; the two must agree. */
export const cashCountSchema = z.object({
  denominations: denominationCountsSchema,
  /** The total as counted (zero allowed: an empty till). */
  total: z.string().regex(/^\d{1,16}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals'),
});
export type CashCount = z.infer<typeof cashCountSchema>;

/** A positive counted total (an allocation or a vault transfer moves something). */
export const positiveCashCountSchema = cashCountSchema.extend({ total: postingAmountSchema });

const cents = (value: string): bigint => {
  const [i = '0', f = ''] = value.split('.');
  return BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
};
const fromCents = (c: bigint): string => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

/** Σ pieces × face value, exactly, as "1234.50". Unknown codes count nothing (see `countProblem`). */
export function countTotal(currency: Currency, counts: DenominationCounts): string {
  let sum = 0n;
  for (const d of DENOMINATIONS[currency]) sum += BigInt(counts[d.code] ?? 0) * cents(d.value);
  return fromCents(sum);
}

/**
 * What is wrong with a count for this currency, or null: a denomination the currency does not have
 * (`unknown`: a 400), or pieces that do not add up to the stated total (`mismatch`: the 409
 * `denomination_mismatch`).
 */
export function countProblem(
  currency: Currency,
  count: CashCount,
): { kind: 'unknown'; code: string } | { kind: 'mismatch'; counted: string } | null {
  const known = new Set(DENOMINATIONS[currency].map((d) => d.code));
  const unknown = Object.keys(count.denominations).find((c) => !known.has(c));
  if (unknown) return { kind: 'unknown', code: unknown };
  const counted = countTotal(currency, count.denominations);
  return cents(counted) === cents(count.total) ? null : { kind: 'mismatch', counted };
}
