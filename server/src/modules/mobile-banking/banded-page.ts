import { sql, type SQL } from 'drizzle-orm';
import { SORT_KEYS, whereOf, type ListParams } from './query-parts.ts';

/**
 * How a sort groups its hits into bands: `band` is a function of the sort key that never decreases
 * as the key grows (equal keys share a band), so every hit in an earlier band sorts before every hit
 * in a later one, and a page only needs the hits of the bands its positions fall in.
 */
interface Bands {
  /** The hits' columns besides cust_id. */
  hitColumns: SQL;
  /** A hit's band (`h` is the hit). */
  band: SQL;
  /** Whether hit `h` lies in the bands from `e.lo` to `e.hi` (`e.next`: the first band after). */
  inBands: SQL;
  /** A hit's sort key, worked out for the hits in the page's bands only. */
  pageKey: SQL;
}

/**
 * Why these widths: the bands must be few (they are sorted once, by a window) and small (the page's
 * bands are sorted whole). Names are "Given Surname": 6 characters cut "kam"'s 34,259 hits at 1M into
 * 203 bands of at most 1,617 hits (3 characters: 56 bands, up to 4,147). Every mobile starts with
 * "+232" and an operator's two digits; 8 characters leave 10,000 bands at most, "kam"'s largest 65.
 * A band is a prefix, so a key is at or after band `lo` (before band `next`) exactly when its own
 * prefix is: picking the page's hits needs no left() of each (byte-wise order only, byte-order.ts).
 */
const prefixBands = (key: SQL, width: number): Bands => ({
  hitColumns: sql`${key} as sort_key`,
  band: sql`left(h.sort_key, ${sql.raw(String(width))}) collate "C"`,
  inBands: sql`h.sort_key collate "C" >= e.lo and (e.next is null or h.sort_key collate "C" < e.next)`,
  pageKey: sql`h.sort_key`,
});

/** registered_user_keys.balance_band, monotone in the balance: the balance is looked up per page. */
const balanceBands: Bands = {
  hitColumns: sql`k.balance_band as band`,
  band: sql`h.band`,
  inBands: sql`h.band between e.lo and e.hi`,
  pageKey: sql`(select b.balance from registered_user_balances b where b.cust_id = h.cust_id)`,
};

export const BANDS = {
  name: prefixBands(SORT_KEYS.name, 6),
  mobile: prefixBands(SORT_KEYS.mobile, 8),
  balance: balanceBands,
} satisfies Partial<Record<ListParams['sort'], Bands>>;

/**
 * The hits counted per band, each band with the number of hits in the bands before it (in the
 * page's order); the bands holding positions [offset, offset + limit) are the page's, and the page
 * is those bands' hits sorted, skipping the offset less the hits before them. Only when `sorted`.
 */
export function bandedPage(p: ListParams, dir: SQL, sorted: SQL, bands: Bands): SQL {
  const end = p.offset + p.limit;
  return sql`with hits as materialized (
      select k.cust_id, ${bands.hitColumns} from registered_user_keys k ${whereOf(p.q, p.branch)}),
    counted as (select count(*) as n from hits),
    bands as materialized (
      select band, n, sum(n) over (order by band ${dir}) - n as before
      from (select ${bands.band} as band, count(*)::int as n from hits h group by 1) b),
    edges as materialized (
      select lo, hi, before, (select min(band) from bands where band > hi) as next
      from (select min(band) as lo, max(band) as hi, min(before) as before
            from bands where before < ${end} and before + n > ${p.offset}) picked),
    page as materialized (
      select h.cust_id, ${bands.pageKey} as sort_key from hits h, edges e where ${sorted} and ${bands.inBands}
      order by 2 ${dir}, 1 ${dir} limit ${p.limit}
      offset case when ${sorted} then ${p.offset} - (select before from edges) else 0 end)`;
}
