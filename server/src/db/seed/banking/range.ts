import { sql, type SQL } from 'drizzle-orm';

/**
 * A slice of the seed: customers `from`..`to` (cust_id, inclusive) and everything that hangs off them
 * (account ids are cust_id * 4 + j, see accounts.ts). One transaction loads the whole range at the
 * demo's size; at a million customers several connections load slices side by side (parallel.ts).
 */
export interface CustomerRange {
  from: number;
  to: number;
}

export const allCustomers = (n: number): CustomerRange => ({ from: 1, to: n });

/** `column between from and to`, for a cust_id column. */
export const inRange = (column: SQL, r: CustomerRange): SQL => sql`${column} between ${r.from} and ${r.to}`;

/** Cuts 1..n into `parts` slices of near-equal size (fewer when n is small). */
export function slices(n: number, parts: number): CustomerRange[] {
  const size = Math.max(1, Math.ceil(n / parts));
  const out: CustomerRange[] = [];
  for (let from = 1; from <= n; from += size) out.push({ from, to: Math.min(n, from + size - 1) });
  return out;
}
