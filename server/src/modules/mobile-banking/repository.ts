import { sql } from 'drizzle-orm';
import type { CustomerLookup, RegisteredUser } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import {
  isShortTerm,
  keysTable,
  SELECT_RECORD,
  SORT_KEYS,
  toRecord,
  whereOf,
  type ListParams,
  type Row,
} from './query-parts.ts';
import { countedSearchPage } from './search-page.ts';
import { comparesBytewise } from './byte-order.ts';

export type { ListParams } from './query-parts.ts';

/**
 * One page. Only the keys are sorted and skipped (an index-only walk over registered_user_keys, or a
 * top-N sort of the search hits); the 10-odd records are joined afterwards. Given the `total` that
 * goes with the same search, a page past the middle is read from the other end with the smaller
 * offset and reversed, so the last page costs what the first does.
 */
export async function listRegisteredUsers(
  db: Database,
  p: ListParams & { total?: number | undefined },
): Promise<RegisteredUser[]> {
  let { offset, limit } = p;
  let order = p.order;
  // Past the end (a short term with no hits among them) there is nothing to walk the index for.
  if (p.total !== undefined && offset >= p.total) return [];
  const reverse = p.total !== undefined && offset > p.total / 2;
  if (reverse) {
    const total = p.total!;
    const end = Math.min(total, offset + limit); // exclusive, in forward positions
    limit = end - offset;
    offset = total - end;
    order = order === 'asc' ? 'desc' : 'asc';
  }
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  const key = SORT_KEYS[p.sort];
  const rows = await queryRows<Row>(
    db,
    sql`with page as materialized (
          select k.cust_id, ${key} as sort_key from ${keysTable(p.sort)} ${whereOf(p.q, p.branch)}
          order by ${key} ${dir}, k.cust_id ${dir}
          limit ${limit} offset ${offset})
        ${SELECT_RECORD} join page on page.cust_id = s.cust_id
        order by page.sort_key ${dir}, page.cust_id ${dir}`,
  );
  if (reverse) rows.reverse();
  return rows.map(toRecord);
}

export async function countRegisteredUsers(db: Database, q?: string, branch?: string): Promise<number> {
  const byBranch = branch === undefined ? sql`` : sql`and branch_code = ${branch}`;
  const [r] = await queryRows<{ n: string | number }>(
    db,
    q && isShortTerm(q)
      ? sql`select coalesce(sum(n), 0) as n from registered_user_term_counts where term = lower(${q}) ${byBranch}`
      : q || branch !== undefined
        ? sql`select count(*) as n from registered_user_keys k ${whereOf(q, branch)}`
        : sql`select n from registered_user_count`, // trigger-maintained, exact
  );
  return Number(r?.n ?? 0);
}

/**
 * The total and one page of the same search, read from one snapshot (so a page read from the far
 * end lines up with the total): what `GET /api/registered-users` answers with.
 */
export async function pageRegisteredUsers(
  db: Database,
  p: ListParams,
  walkLimit = WALK_LIMIT,
  countFirstWithin = COUNT_FIRST_WITHIN,
): Promise<{ total: number; rows: RegisteredUser[] }> {
  // Read once per handle, outside the transaction (bands of a name or mobile need byte-wise order).
  const textBands = p.q && !isShortTerm(p.q) ? await comparesBytewise(db) : false;
  return db.transaction(
    async (tx) => {
      // A term of 3+ characters is counted through the trigram indexes. Deep in its hits, the count
      // comes from the statement that sorts those hits for the page whenever walking a sort index from
      // the page's nearer end would pass more than walkLimit entries (else the walk reads the page).
      // Near the start, where a common term's page is nearly always walked, a bare count first is
      // cheaper than keeping every hit (13 ms against 28 for "kam"'s first page at 1M).
      if (p.q && !isShortTerm(p.q)) {
        if (p.offset + p.limit > countFirstWithin) {
          const { total, rows } = await countedSearchPage(tx, p, walkLimit, textBands);
          return { total, rows: rows ?? (await listRegisteredUsers(tx, { ...p, total })) };
        }
        const total = await countRegisteredUsers(tx, p.q, p.branch);
        const walked = entriesToWalk(p, total, await countRegisteredUsers(tx));
        const sorted =
          walked > walkLimit ? (await countedSearchPage(tx, p, walkLimit, textBands)).rows : null;
        return { total, rows: sorted ?? (await listRegisteredUsers(tx, { ...p, total })) };
      }
      // A short term's page walks a sort index, filtering as it goes. How far it walks depends on the
      // term's estimated share of the rows, which each ANALYZE samples anew; when that share came out
      // low, PostgreSQL chose a parallel scan and sort of every hit instead: 180–220 ms against 46–65
      // for "ka" at 1M (bench:registered-users). A page is one request among many on a few cores.
      if (p.q) await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      const total = await countRegisteredUsers(tx, p.q, p.branch);
      return { total, rows: await listRegisteredUsers(tx, { ...p, total }) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** About a few milliseconds of a filtered index-only walk (bench:registered-users). */
const WALK_LIMIT = 25_000;

/** Pages within the first 500 hits count a 3+ character term's hits before choosing how to page. */
const COUNT_FIRST_WITHIN = 500;

/**
 * How many sort-index entries a filtered walk passes to reach the page, if the hits are spread
 * evenly (search-page.ts applies the same rule in SQL).
 */
function entriesToWalk(p: ListParams, total: number, all: number): number {
  if (total === 0 || p.offset >= total) return 0;
  const fromNearerEnd = Math.min(p.offset, Math.max(0, total - p.offset - p.limit)) + p.limit;
  return (fromNearerEnd * all) / total;
}

export async function getRegisteredUser(db: Database, custId: number): Promise<RegisteredUser | null> {
  const [r] = await queryRows<Row>(db, sql`${SELECT_RECORD} where s.cust_id = ${custId}`);
  return r ? toRecord(r) : null;
}

export async function findCustomer(db: Database, custId: number): Promise<CustomerLookup | null> {
  const [c] = await queryRows<{ cust_id: number; cust_name: string; mobile_no: string }>(
    db,
    sql`select cust_id, name as cust_name, mobile_no from customers where cust_id = ${custId}`,
  );
  if (!c) return null;
  const accounts = await queryRows<CustomerLookup['accounts'][number]>(
    db,
    sql`select account_number, account_type, currency, status, balance::text as balance
        from accounts where cust_id = ${custId} order by opened_on, id`,
  );
  const sub = await getRegisteredUser(db, custId);
  return {
    cust_id: Number(c.cust_id),
    cust_name: c.cust_name,
    mobile_no: c.mobile_no,
    accounts,
    subscription: sub
      ? { mobile_no: sub.mobile_no, pay_acct: sub.pay_acct, mb_sub: sub.mb_sub, version: sub.version }
      : null,
  };
}
