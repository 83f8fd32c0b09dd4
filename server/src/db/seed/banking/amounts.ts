import { sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TYPE_FROM, TYPE_STREAM } from './customers.ts';
import type { Rng } from './prng.ts';

/**
 * Posting amounts in integer cents, as SQL expressions over an account row `a` (id, cust_id,
 * account_type, currency). The accounts pass and the postings pass evaluate the very same
 * expressions, so the stored balance is the sum of the generated postings by construction
 * (and ledger_violations() checks it anyway).
 *
 * Bounds that keep every running balance legal: deposit debits are each at most opening / T, so
 * T-1 of them never exhaust the opening credit; loan repayments are each at most principal / T.
 */

/** Postings per account key: (account id, k) → one bigint, for k < 1024. */
export const postingKey = (k: SQL): SQL => sql`(a.id::bigint * 1024 + ${k})`;

/** Businesses move five times more money; USD amounts are about a twentieth of Leone ones. */
function scale(cents: SQL): SQL {
  return sql`((${cents}) * o.multiplier / o.divisor)`;
}

/**
 * A typical everyday amount in whole Leones (sometimes with 50 cents), before scaling: mostly Le 20 –
 * Le 5,000 (a civil servant earns a few thousand new Leones a month), rarely up to Le 150,000.
 */
function everyday(rng: Rng, key: SQL, stream: number): SQL {
  const r = rng(key, stream, 100);
  return sql`((case when ${r} < 55 then 20 + ${rng(key, stream + 1, 480)}
                    when ${r} < 88 then 500 + ${rng(key, stream + 1, 4500)}
                    when ${r} < 98 then 5000 + ${rng(key, stream + 1, 20000)}
                    else 25000 + ${rng(key, stream + 1, 125000)} end) * 100
             + case when ${rng(key, stream + 2, 4)} = 0 then 50 else 0 end)`;
}

/**
 * Per-account facts every posting expression reads, computed once per account:
 * `cross join lateral ${accountFacts(rng)} o` gives o.multiplier, o.divisor and o.opening (cents).
 * `offset 0` keeps it a subquery: pulled up, each read of o.opening would recompute it.
 */
export function accountFacts(rng: Rng): SQL {
  const business = sql`(${rng(sql`a.cust_id`, TYPE_STREAM, 1000)} >= ${BUSINESS_TYPE_FROM})`;
  return sql`(select f.multiplier, f.divisor, ${openingCents(rng)} as opening
      from (select case when ${business} then 5 else 1 end as multiplier,
                   case when a.currency = 'USD' then 20 else 1 end as divisor) f offset 0)`;
}

/** The first posting: an opening credit, or a loan's disbursement (a debit), in cents. */
function openingCents(rng: Rng): SQL {
  const key = sql`(a.id::bigint * 1024)`;
  return sql`((case a.account_type
          when 'Loan' then (2000 + ${rng(key, 50, 78000)}) * 100
          when 'Fixed Deposit' then (2000 + ${rng(key, 51, 48000)}) * 100
          else 2 * ${everyday(rng, key, 52)} end) * f.multiplier / f.divisor)`;
}

/** Signed amount (credit > 0, debit < 0) of posting k >= 2 of `t` postings, in cents. */
export function laterSignedCents(rng: Rng, k: SQL, t: number): SQL {
  const key = postingKey(k);
  const opening = sql`o.opening`;
  const share = (stream: number) =>
    sql`greatest(1, (${opening}) / ${t}::bigint * (30 + ${rng(key, stream, 70)}) / 100)`;
  return sql`case a.account_type
      when 'Loan' then case when ${rng(key, 60, 10)} < 8 then ${share(61)}
                            else -greatest(1, (${opening}) / 100 * (20 + ${rng(key, 62, 80)}) / 100) end
      when 'Fixed Deposit' then greatest(1, (${opening}) * (50 + ${rng(key, 63, 100)}) / 40000)
      else case when ${rng(key, 64, 100)} < 45 then ${scale(everyday(rng, key, 65))} else -${share(68)} end
    end`;
}

/** Signed amount of posting k (1-based) in cents. */
export function signedCents(rng: Rng, k: SQL, t: number): SQL {
  return sql`case when ${k} = 1 then (case when a.account_type = 'Loan' then -1 else 1 end) * o.opening
                  else ${laterSignedCents(rng, k, t)} end`;
}

/** cents (bigint) → numeric(18,2), exactly. */
export const toMoney = (cents: SQL): SQL => sql`((${cents})::numeric / 100)::numeric(18,2)`;
