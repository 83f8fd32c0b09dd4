import { sql, type SQL } from 'drizzle-orm';
import type { RegisteredUser } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { selectRecord, SORT_KEYS, toRecord, whereOf, type ListParams, type Row } from './query-parts.ts';
import { BANDS, bandedPage } from './banded-page.ts';

/**
 * A term of 3+ characters in one statement: its hits are found once through the trigram indexes and
 * counted, and when a walk of a sort index would pass more than `walkLimit` entries to reach the page
 * (the hits are sparse, or the page lies deep inside them) the same hits are sorted for the page.
 * Otherwise `rows` is null and the caller walks with the total (the page then costs what it did with
 * a count first; the search path no longer finds its hits twice: "kam", 34,259 hits, spent 25 ms
 * counting and 25 ms finding them again). Only the page's keys are sorted; its records are joined
 * afterwards. Sorted by name, mobile or balance, the hits are grouped into bands of the sort key and
 * only the bands the page reaches are sorted (banded-page.ts); by name or mobile only when
 * `textBands` (the database compares text byte-wise, byte-order.ts), else all hits are sorted.
 */
export async function countedSearchPage(
  db: Database,
  p: ListParams,
  walkLimit: number,
  textBands: boolean,
): Promise<{ total: number; rows: RegisteredUser[] | null }> {
  const dir = p.order === 'desc' ? sql`desc` : sql`asc`;
  // How many sort-index entries a filtered walk would pass to reach the page: those before it from its
  // nearer end, scaled by how sparse the hits are among all registered users (if spread evenly).
  const sorted = sql`(select n from counted) > ${p.offset} and
    (least(${p.offset}, greatest(0, (select n from counted) - ${p.offset + p.limit})) + ${p.limit})::numeric
      * (select n from registered_user_count) / nullif((select n from counted), 0) > ${walkLimit}`;
  const bands = p.sort === 'balance' || (textBands && p.sort !== 'id') ? BANDS[p.sort] : undefined;
  const pageOfHits = bands ? bandedPage(p, dir, sorted, bands) : keyPage(p, dir, sorted);
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

/** Hits with their sort key (a column of registered_user_keys), the page sorted from all of them. */
const keyPage = (p: ListParams, dir: SQL, sorted: SQL) => sql`with hits as materialized (
      select k.cust_id, ${SORT_KEYS[p.sort]} as sort_key from registered_user_keys k ${whereOf(p.q, p.branch)}),
    counted as (select count(*) as n from hits),
    page as materialized (
      select h.cust_id, h.sort_key from hits h where ${sorted}
      order by 2 ${dir}, 1 ${dir} limit ${p.limit} offset ${p.offset})`;
