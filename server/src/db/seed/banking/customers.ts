// Time arithmetic uses hours, not days: adding '1 day' to a timestamptz depends on the session's time zone (DST).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { BRANCHES } from './reference-data.ts';
import { pick, textArray, type Rng } from './prng.ts';
import * as V from './vocabulary.ts';
import { idNumberSql } from './identity.ts';
import { profileColumns } from './profiles.ts';
import type { CustomerRange } from './range.ts';

/** Customer-type thresholds out of 1000; other passes recompute the type from the same draw. */
export const TYPE_STREAM = 1;
export const BUSINESS_TYPE_FROM = 860; // draws >= this are corporate, organisation or government

/** `customers.type` for cust_id `id`, identical wherever it is evaluated. */
export function customerTypeSql(rng: Rng, id: SQL): SQL {
  const r = rng(id, TYPE_STREAM, 1000);
  return sql`case when ${r} < 790 then 'private' when ${r} < 805 then 'employee' when ${r} < ${BUSINESS_TYPE_FROM} then 'joint'
    when ${r} < 950 then 'corporate' when ${r} < 985 then 'organisation' else 'government' end`;
}

/** `+232` + an operator prefix + 6 digits: 8 digits after the country code, as docs/product.md §5 expects. */
export function mobileSql(rng: Rng, key: SQL, stream: number): SQL {
  const prefixes = textArray(V.MOBILE_PREFIXES);
  return sql`'+232' || ${pick(prefixes, V.MOBILE_PREFIXES.length, rng, key, stream)} || lpad(${rng(key, stream + 1, 1_000_000)}::text, 6, '0')`;
}

/** Branch codes and towns repeated by weight, so a uniform pick follows the branch sizes. */
const weighted = BRANCHES.flatMap((b) => Array.from({ length: b.weight }, () => b));
const streetsByBranch = Object.fromEntries(BRANCHES.map((b) => [b.code, b.streets]));

/**
 * Inserts the range's customers in one statement. `asOf` anchors every date, so reruns are identical.
 * Each level's `offset 0` keeps PostgreSQL from flattening it into the next: flattened, every read of
 * a column (the profile reads the name four times) would evaluate its whole expression again.
 * Fenced, generating a customer costs about a quarter less.
 */
export async function insertCustomers(
  tx: Database,
  rng: Rng,
  range: CustomerRange,
  asOf: string,
): Promise<void> {
  const i = sql`g.i`;
  const r = (stream: number, m: number) => rng(i, stream, m);
  const surname = pick(textArray(V.SURNAMES), V.SURNAMES.length, rng, i, 3);
  const male = (s: number) => pick(textArray(V.MALE_FIRST), V.MALE_FIRST.length, rng, i, s);
  const female = (s: number) => pick(textArray(V.FEMALE_FIRST), V.FEMALE_FIRST.length, rng, i, s);
  const town = pick(textArray(weighted.map((b) => b.town)), weighted.length, rng, i, 9);
  const branch = pick(textArray(weighted.map((b) => b.code)), weighted.length, rng, i, 9);
  const first = sql`case when ${r(4, 2)} = 0 then ${male(5)} else ${female(6)} end`;
  // Pending customers were onboarded in the last month; the others over ten years.
  const ageDays = sql`case when g.status = 'Pending' then ${r(20, 30)} else 30 + ${r(21, 3650)} end`;
  const created = sql`((${asOf}::date - (${ageDays})::int)::timestamp + (28800 + ${r(22, 32400)}) * interval '1 second') at time zone 'UTC'`;
  // KYC gaps: most Pending profiles are unfinished; a few established ones lapsed.
  const incomplete = sql`(case when g.status = 'Pending' then ${r(30, 100)} < 75 else ${r(30, 100)} < 7 end)`;
  const gap = r(31, 3);
  const individual = sql`g.type in ('private', 'employee', 'joint')`;
  const streets = sql`(${JSON.stringify(streetsByBranch)}::jsonb -> g.branch_code)`;
  const extra = profileColumns(rng, i, sql`g.date_of_birth`, asOf);
  await tx.execute(sql`
    insert into customers (cust_id, name, type, mobile_no, status, branch_code, created_at,
                           id_type, id_number, date_of_birth, address, kyc_verified_at, updated_at, ${extra.names})
    select g.i, g.name, g.type, g.mobile_no, g.status, g.branch_code, g.created_at, g.id_type, g.id_number,
           g.date_of_birth, g.address, g.kyc_verified_at, g.created_at, ${extra.values}
    from (
    select g.i, g.name, g.type, g.mobile_no, g.status, g.branch_code, g.created_at, g.id_type, g.town,
           case when ${incomplete} and ${gap} = 0 then null else g.id_number end as id_number,
           case when ${individual} then ${asOf}::date - (6570 + ${r(32, 20000)})::int end as date_of_birth,
           case when ${incomplete} and ${gap} = 1 then null
                else (1 + ${r(33, 150)}) || ' ' || (${streets} ->> (${r(34, 1000)} % jsonb_array_length(${streets}))::int) || ', ' || g.town end as address,
           case when ${incomplete} and ${gap} = 2 then null
                else least(g.created_at + (1 + ${r(35, 14)}) * interval '24 hours', (${asOf}::date)::timestamp at time zone 'UTC') end as kyc_verified_at
    from (
      select g.*, ${created} as created_at,
             case when g.type in ('private', 'employee', 'joint') then
                    case when ${r(40, 100)} < 70 then 'national_id' when ${r(40, 100)} < 90 then 'voter_card' else 'passport' end
                  else 'business_registration' end as id_type,
             ${idNumberSql(i, sql`(case when g.type in ('private', 'employee', 'joint') then case when ${r(40, 100)} < 70 then 'national_id' when ${r(40, 100)} < 90 then 'voter_card' else 'passport' end else 'business_registration' end)`, sql`(2000 + ${r(42, 25)})`)} as id_number
      from (
        select g.i, t.type, ${town} as town, ${branch} as branch_code, ${mobileSql(rng, i, 10)} as mobile_no,
               case when t.type in ('private', 'employee') then
                      ${first} || case when ${r(7, 100)} < 15 then ' ' || ${male(8)} else '' end || ' ' || ${surname}
                    when t.type = 'joint' then ${male(5)} || ' & ' || ${female(6)} || ' ' || ${surname}
                    when t.type = 'corporate' then ${surname} || ' ' || ${pick(textArray(V.BUSINESS_SUFFIXES), V.BUSINESS_SUFFIXES.length, rng, i, 11)}
                    when t.type = 'organisation' then ${town} || ' ' || ${pick(textArray(V.ORGANISATION_KINDS), V.ORGANISATION_KINDS.length, rng, i, 12)}
                    else ${town} || ' ' || ${pick(textArray(V.GOVERNMENT_KINDS), V.GOVERNMENT_KINDS.length, rng, i, 13)} end as name,
               case when ${r(2, 1000)} < 800 then 'Active' when ${r(2, 1000)} < 880 then 'Dormant'
                    when ${r(2, 1000)} < 940 then 'Pending' when ${r(2, 1000)} < 980 then 'Blocked' else 'Closed' end as status
        from generate_series(${range.from}::int, ${range.to}::int) as g(i)
        cross join lateral (select ${customerTypeSql(rng, i)} as type offset 0) t
      offset 0) g
    offset 0) g offset 0) g ${extra.lateral}`);
}
