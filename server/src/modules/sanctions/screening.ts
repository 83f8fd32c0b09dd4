import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

type Trigger = 'creation' | 'kyc_edit' | 'rescreen';

/** How far a date of birth that agrees (or not) with the entry's moves the name's score. */
export const DOB_WEIGHT = '0.1';

/**
 * pg_trgm's `%` reads its threshold from a setting: the bank's threshold (the `sanctions_settings` row)
 * is put there for this transaction only, so the trigram indexes do the filtering on both sides.
 */
async function useThreshold(tx: Database): Promise<void> {
  await tx.execute(
    sql`select set_config('pg_trgm.similarity_threshold', threshold::text, true) from sanctions_settings`,
  );
}

/**
 * Screens customers against every list version in force, set-based: each name or alias of the lists
 * (`n`) against each customer's normalised name (`c.screen_name`) through `%`, both trigram-indexed.
 * The score is the trigram similarity, raised by a date of birth that agrees with one of the entry's
 * and lowered by one that agrees with none; a hit needs the score at or above the threshold. A
 * customer's designation is raised once (the unique index): a cleared hit is not raised again by each
 * re-screen, only a designation not seen before.
 */
async function screen(tx: Database, customers: SQL, trigger: Trigger): Promise<number> {
  await useThreshold(tx);
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with candidates as (
          select c.cust_id, c.name as screened_name, e.id as entry_id, v.source || ':' || e.ref as entry_key,
                 n.name as matched_name, n.field,
                 similarity(c.screen_name, n.norm) as sim,
                 case when c.date_of_birth is null or cardinality(e.dates_of_birth) = 0 then null
                      else to_char(c.date_of_birth, 'YYYY-MM-DD') = any(e.dates_of_birth)
                        or to_char(c.date_of_birth, 'YYYY') = any(e.dates_of_birth) end as dob_agrees
            from sanctions_names n
            join sanctions_list_versions v on v.id = n.version_id and v.status = 'active'
            join sanctions_entries e on e.id = n.entry_id
            join customers c on c.screen_name % n.norm
           where c.merged_into is null and c.status <> 'Closed' and ${customers}
        ), scored as (
          select *, least(1, greatest(0, sim + case dob_agrees when true then ${DOB_WEIGHT}::numeric
                                                               when false then -${DOB_WEIGHT}::numeric
                                                               else 0 end))::numeric(4, 3) as score
            from candidates
        ), best as (
          select distinct on (cust_id, entry_key) * from scored
           where score >= (select threshold from sanctions_settings)
           order by cust_id, entry_key, score desc, field desc
        ), raised as (
          insert into sanctions_hits (cust_id, entry_id, entry_key, screened_name, matched_name, matched_fields,
                                      score, trigger)
          select cust_id, entry_id, entry_key, screened_name, matched_name,
                 array[field] || case when dob_agrees then array['dateOfBirth'] else array[]::text[] end,
                 score, ${trigger}
            from best
          on conflict (cust_id, entry_key) do nothing
          returning 1
        )
        select count(*)::int as n from raised`,
  );
  return Number(rows[0]!.n);
}

/** Screens one customer now (created, or their KYC edited): the hits raised. */
export const screenCustomer = (tx: Database, custId: number, trigger: 'creation' | 'kyc_edit') =>
  screen(tx, sql`c.cust_id = ${custId}`, trigger);

/** End of day: every customer against the lists in force, in one statement; how many were screened, the hits raised. */
export async function rescreenAllCustomers(tx: Database): Promise<{ screened: number; hits: number }> {
  const hits = await screen(tx, sql`true`, 'rescreen');
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from customers where merged_into is null and status <> 'Closed'`,
  );
  return { screened: Number(row!.n), hits };
}

/**
 * Whether a customer has a hit that is open or confirmed: activation waits for Compliance to clear it
 * (a confirmed match never activates).
 */
export async function hasBlockingHit(db: Database, custId: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sanctions_hits where cust_id = ${custId} and status in ('open', 'confirmed')`,
  );
  return Number(row!.n) > 0;
}
