import { sql, type SQL } from 'drizzle-orm';

/**
 * Deterministic, set-based pseudo-randomness for the seed. `hashint8extended(key, seed)` is a
 * built-in, immutable hash: the same (key, stream, seed) always gives the same number, in any row
 * order and on any run — unlike random(). Integers only, so no float ever shapes an amount.
 */
export function makeRng(seed: number) {
  /** Uniform-ish integer in [0, n). `stream` separates independent draws for the same key. */
  return (key: SQL, stream: number, n: number): SQL =>
    sql`abs(hashint8extended((${key})::bigint, ${seed * 1000 + stream}::bigint) % ${n}::bigint)`;
}
export type Rng = ReturnType<typeof makeRng>;

/** A text[] built from a constant JS list (sent as one JSON parameter, never spliced into SQL). */
export function textArray(values: readonly string[]): SQL {
  return sql`(select array_agg(x.v order by x.o) from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as x(v, o))`;
}

/** `arr[1 + rnd]`: a uniformly chosen element of a text[] of known length. */
export function pick(arr: SQL, len: number, rng: Rng, key: SQL, stream: number): SQL {
  return sql`${arr}[(1 + ${rng(key, stream, len)})::int]`;
}
