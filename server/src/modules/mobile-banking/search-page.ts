import { sql, type SQL } from 'drizzle-orm';
import type { RegisteredUser } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { selectRecord, SORT_KEYS, toRecord, whereOf, type ListParams, type Row } from './query-parts.ts';

/**
 * A term of 3+ characters in one statement: its hits are found once through the trigram indexes and
 * counted, and when a walk of a sort index would pass more than `walkLimit` entries to reach the page
 * (the hits are sparse, or the page lies deep inside them) the same hits are sorted for the page.
 * Otherwise `rows` is null and the caller walks with the total (the page then costs what it did with
 * a count first; the search path no longer finds its hits twice: "kam", 34,259 hits, spent 25 ms
 * counting and 25 ms finding them again). Only the page's keys are sorted; its records are joined
 * afterwards. Sorted by balance, only the hits in the bands the page reaches have their balance
 * looked up (balancePage).
 */
export async function countedSearchPage(
  db: Database,
  p: ListParams,
  walkLimit: number,
): Promise<{ total: number; rows: RegisteredUser[] | null }> {
  const dir = p.order === 'desc' ? sql`desc` : sql`asc`;
  // How many sort-index entries a filtered walk would pass to reach the page: those before it from its
  // nearer end, scaled by how sparse the hits are among all registered users (if spread evenly).
  const sorted = sql`(select n from counted) > ${p.offset} and
    (least(${p.offset}, greatest(0, (select n from counted) - ${p.offset + p.limit})) + ${p.limit})::numeric
      * (select n from registered_user_count) / nullif((select n from counted), 0) > ${walkLimit}`;
  const pageOfHits = p.sort === 'balance' ? balancePage(p, dir, sorted) : keyPage(p, dir, sorted);
  const rows = await queryRows<Row & { total: string; sorted: boolean; page_key: unknown }>(
    db,
    sql`${pageOfHits},
        records as (${selectRecord(sql`, page.sort_key as page_key`)} join page on page.cust_id = s.cust_id)
        select (select n from counted) as total, ${sorted} as sorted, r.*
        from (select 1) one left join records r on true
        order by r.page_key ${dir}, r.cust_id ${dir}`,
  );
  const first = rows[0]!;
  if (!first.sorted) return { total: Number(first.total), rows: null };
  return {
    total: Number(first.total),
    rows: rows
      .filter((r) => r.cust_id !== null)
      .map(({ total: _t, sorted: _s, page_key: _k, ...r }) => toRecord(r)),
  };
}

/** Hits with their sort key (a column of registered_user_keys), the page sorted from them. */
const keyPage = (p: ListParams, dir: SQL, sorted: SQL) => sql`with hits as materialized (
      select k.cust_id, ${SORT_KEYS[p.sort]} as sort_key from registered_user_keys k ${whereOf(p.q, p.branch)}),
    counted as (select count(*) as n from hits),
    page as materialized (
      select h.cust_id, h.sort_key from hits h where ${sorted}
      order by 2 ${dir}, 1 ${dir} limit ${p.limit} offset ${p.offset})`;

/**
 * Hits with their payment account's balance band (monotone in the balance, so band order is balance
 * order): the bands of the page's first and last positions bound it, the hits in bands before the
 * first are only counted, and only the hits in the page's bands have their balance looked up.
 */
function balancePage(p: ListParams, dir: SQL, sorted: SQL): SQL {
  const desc = p.order === 'desc';
  const bandAt = (position: number) =>
    sql`(select band from hits order by band ${dir} offset ${position} limit 1)`;
  const before = desc ? sql`h.band > e.first_band` : sql`h.band < e.first_band`;
  const within = desc
    ? sql`h.band <= e.first_band and h.band >= coalesce(e.last_band, -32768)`
    : sql`h.band >= e.first_band and h.band <= coalesce(e.last_band, 32767)`;
  return sql`with hits as materialized (
      select k.cust_id, k.balance_band as band from registered_user_keys k ${whereOf(p.q, p.branch)}),
    counted as (select count(*) as n from hits),
    edges as materialized (
      select ${bandAt(p.offset)} as first_band, ${bandAt(p.offset + p.limit - 1)} as last_band),
    page as materialized (
      select h.cust_id, (select b.balance from registered_user_balances b where b.cust_id = h.cust_id) as sort_key
      from hits h, edges e where ${sorted} and ${within}
      order by 2 ${dir}, 1 ${dir} limit ${p.limit}
      offset case when ${sorted} then ${p.offset} - (select count(*) from hits h, edges e where ${before}) else 0 end)`;
}
