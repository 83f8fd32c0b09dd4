import { sql, type SQL } from 'drizzle-orm';
import type { CustomerListQuery, CustomerListRow } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { containsPattern } from '../../lib/search-pattern.ts';

const RISK = sql`coalesce(c.risk_override, c.risk_rating)`;

/** Whitelisted sort keys (never request text); cust_id breaks ties so paging is stable. */
const SORT_KEYS: Record<CustomerListQuery['sort'], SQL> = {
  name: sql`c.name`,
  id: sql`c.cust_id`,
  created: sql`c.created_at`,
  risk: sql`case ${RISK} when 'low' then 0 when 'medium' then 1 else 2 end`,
  status: sql`c.status`,
};

/**
 * The filters as one WHERE. The search is a substring of the name, the zero-padded id, the ID or
 * registration number, or the mobile: an OR over four trigram indexes (a BitmapOr at 1,000,000 rows).
 * A mobile typed the local way (076…) is also looked for as +23276….
 */
export function whereOf(q: CustomerListQuery, branch: string | undefined): SQL {
  const conds: SQL[] = [];
  if (q.q) {
    const p = containsPattern(q.q);
    const upper = containsPattern(q.q.toUpperCase());
    const local = /^0\d{2,}$/.exec(q.q.replace(/\s/g, ''))
      ? containsPattern(`+232${q.q.replace(/\s/g, '').slice(1)}`)
      : p;
    conds.push(sql`(c.name ilike ${p} or lpad(c.cust_id::text, 6, '0') like ${p} or c.id_number like ${upper}
      or c.mobile_no like ${p} or c.mobile_no like ${local})`);
  }
  if (q.type) conds.push(sql`c.type = ${q.type}`);
  if (q.status) conds.push(sql`c.status = ${q.status}`);
  if (branch) conds.push(sql`c.branch_code = ${branch}`);
  if (q.risk) conds.push(sql`${RISK} = ${q.risk}`);
  if (q.kyc) conds.push(sql`c.kyc_complete = ${q.kyc === 'complete'}`);
  return conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
}

/** The filters of an unsearched list over customer_counts (kept by triggers, migration customer_counts). */
function countsWhereOf(q: CustomerListQuery, branch: string | undefined): SQL {
  const conds: SQL[] = [sql`c.n <> 0`];
  if (q.type) conds.push(sql`c.type = ${q.type}`);
  if (q.status) conds.push(sql`c.status = ${q.status}`);
  if (branch) conds.push(sql`c.branch_code = ${branch}`);
  if (q.risk) conds.push(sql`c.risk = ${q.risk}`);
  if (q.kyc) conds.push(sql`c.kyc_complete = ${q.kyc === 'complete'}`);
  return sql`where ${sql.join(conds, sql` and `)}`;
}

type Raw = Omit<CustomerListRow, 'id'> & { id: number | string; total?: number | string };

const SELECT_ROW = sql`c.cust_id as id, c.name, c.type, c.status, c.branch_code as branch, c.mobile_no as mobile,
  c.id_number as "idNumber", ${RISK} as risk, c.kyc_complete as "kycComplete",
  to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"`;

/**
 * One page and the exact total of the same filters, read from one snapshot. A search collects its
 * hits once and counts them in the same statement (count(*) over ()), instead of a count and a page
 * that would each fetch every hit; a plain list counts by an index-only scan and walks a sort index.
 */
export async function listCustomers(
  db: Database,
  q: CustomerListQuery,
  branch: string | undefined,
  w: PageWindow,
): Promise<{ total: number; rows: CustomerListRow[] }> {
  const where = whereOf(q, branch);
  const dir = q.dir === 'desc' ? sql`desc` : sql`asc`;
  const order = sql`order by ${SORT_KEYS[q.sort]} ${dir}, c.cust_id ${dir} limit ${w.limit} offset ${w.offset}`;
  const count = async (tx: Database) =>
    Number(
      (
        await queryRows<{ n: number }>(
          tx,
          q.q
            ? sql`select count(*)::int as n from customers c ${where}`
            : // Without a search every filter is a column of customer_counts: read the total there.
              sql`select coalesce(sum(n), 0)::int as n from customer_counts c ${countsWhereOf(q, branch)}`,
        )
      )[0]!.n,
    );
  return db.transaction(
    async (tx) => {
      const searching = Boolean(q.q);
      // A search collects its hits first (MATERIALIZED: through the trigram indexes), then sorts and
      // counts them. Left to itself the planner may walk the whole name index in order, filtering a
      // million rows for a page it thinks is near (7.8 s for a surname plus type and status at 1M).
      const rows = await queryRows<Raw>(
        tx,
        searching
          ? sql`with hits as materialized (select c.cust_id, ${SORT_KEYS[q.sort]} as sort_key from customers c ${where}),
                page as (select cust_id, sort_key, count(*) over () as total from hits
                         order by sort_key ${dir}, cust_id ${dir} limit ${w.limit} offset ${w.offset})
                select ${SELECT_ROW}, p.total from page p join customers c on c.cust_id = p.cust_id
                order by p.sort_key ${dir}, p.cust_id ${dir}`
          : sql`select ${SELECT_ROW} from customers c ${where} ${order}`,
      );
      // Past the last page a search returns no row to read its total from; count it then.
      const total = searching && rows.length > 0 ? Number(rows[0]!.total) : await count(tx);
      return {
        total,
        rows: rows.map(({ total: _t, ...r }) => ({ ...r, id: Number(r.id) })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
