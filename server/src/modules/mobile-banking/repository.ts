import { sql, type SQL } from 'drizzle-orm';
import type { CustomerLookup, RegisteredUser, RegisteredUserSort } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { containsPattern } from '../../lib/search-pattern.ts';

export interface ListParams {
  q?: string | undefined;
  /** Only this branch's customers (the caller's scope, `listBranch`); every branch when undefined. */
  branch?: string | undefined;
  sort: RegisteredUserSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

type Row = Omit<RegisteredUser, 'cust_id' | 'version'> & {
  cust_id: number | string;
  version: number | string;
};

const toRecord = (r: Row): RegisteredUser => ({
  ...r,
  cust_id: Number(r.cust_id),
  version: Number(r.version),
});

/**
 * Sort keys are fixed columns chosen by a whitelist key, never text from the request. The key tables
 * mirror c.name, s.mobile_no and a.balance (trigger-maintained), so ordering by them gives exactly the
 * order of the joined record. The balance lives in registered_user_balances (ADR 0029), which carries
 * the same name, mobile and branch columns: a page sorted by balance walks that table as `k`.
 */
const SORT_KEYS: Record<RegisteredUserSort, SQL> = {
  id: sql`k.cust_id`,
  name: sql`k.name`,
  mobile: sql`k.mobile_no`,
  balance: sql`k.balance`,
};

const keysTable = (sort: RegisteredUserSort): SQL =>
  sort === 'balance' ? sql`registered_user_balances k` : sql`registered_user_keys k`;

const SELECT_RECORD = sql`
  select c.cust_id, c.name as cust_name, s.mobile_no, a.account_number as pay_acct, a.balance::text as balance,
         a.ledger_code as ledger, c.status, s.subscribed as mb_sub, s.version
  from mobile_banking_subscriptions s
  join customers c on c.cust_id = s.cust_id
  join accounts a on a.id = s.pay_account_id`;

/**
 * A term of 1–2 characters (as PostgreSQL counts them: code points) matches most rows and no trigram
 * index can find it; registered_user_term_counts knows its total (ADR 0030).
 */
const isShortTerm = (q: string) => [...q].length <= 2;

/**
 * Subscriptions whose customer name, zero-padded id or registered mobile number contains the term: a
 * byte-wise LIKE of the lower-cased term on name_folded (lower(name), what ILIKE would compute for every
 * row), on the id text (digits only) and on the mobile (digits and '+', the E.164 CHECKs), where lower()
 * changes nothing. A term with any other character cannot be in the id or the mobile, so only the name
 * is compared: a walk then evaluates one LIKE a row instead of three and a padded id. A term of 3+
 * characters is found through the columns' trigram indexes (a BitmapOr); a shorter one filters a sort
 * index (ADR 0030). With a branch, the branch's own sort indexes (ruk_branch_*) lead.
 */
function whereOf(q: string | undefined, branch: string | undefined): SQL {
  const conds: SQL[] = [];
  if (branch !== undefined) conds.push(sql`k.branch_code = ${branch}`);
  if (q) {
    const p = containsPattern(q);
    const fields = [sql`k.name_folded like lower(${p})`];
    if (/^[0-9+]+$/.test(q)) fields.unshift(sql`k.mobile_no like ${p}`); // a column: cheapest first
    if (/^[0-9]+$/.test(q)) fields.push(sql`lpad(k.cust_id::text, 6, '0') like ${p}`);
    conds.push(sql`(${sql.join(fields, sql` or `)})`);
  }
  return conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
}

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
): Promise<{ total: number; rows: RegisteredUser[] }> {
  return db.transaction(
    async (tx) => {
      const total = await countRegisteredUsers(tx, p.q, p.branch);
      // A term of 3+ characters is counted through the trigram indexes. Its page is then either the
      // filtered sort-index walk (reading from the nearer end), when the hits are dense enough that
      // the walk passes few entries to reach the page, or the hits collected once and sorted.
      if (p.q && !isShortTerm(p.q) && entriesToWalk(p, total, await countRegisteredUsers(tx)) > walkLimit) {
        return { total, rows: await searchPage(tx, p) };
      }
      return { total, rows: await listRegisteredUsers(tx, { ...p, total }) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** About a few milliseconds of a filtered index-only walk (bench:registered-users). */
const WALK_LIMIT = 25_000;

/** How many sort-index entries a filtered walk passes to reach the page, if the hits are spread evenly. */
function entriesToWalk(p: ListParams, total: number, all: number): number {
  if (total === 0 || p.offset >= total) return 0;
  const fromNearerEnd = Math.min(p.offset, Math.max(0, total - p.offset - p.limit)) + p.limit;
  return (fromNearerEnd * all) / total;
}

/**
 * One page of a search's hits, collected once through the trigram indexes (materialized, so not found
 * by a walk) and sorted; the caller has counted them in the same snapshot. Only the page's keys are
 * sorted; its records are joined afterwards.
 */
async function searchPage(db: Database, p: ListParams): Promise<RegisteredUser[]> {
  const dir = p.order === 'desc' ? sql`desc` : sql`asc`;
  // The trigram indexes are registered_user_keys' own: a balance sort looks each hit's balance up, one
  // key probe per hit (as a join, the planner preferred hashing all 882,521 balances at 1M).
  const key =
    p.sort === 'balance'
      ? sql`(select b.balance from registered_user_balances b where b.cust_id = k.cust_id)`
      : SORT_KEYS[p.sort];
  const rows = await queryRows<Row>(
    db,
    sql`with hits as materialized (
          select k.cust_id, ${key} as sort_key from registered_user_keys k ${whereOf(p.q, p.branch)}),
        page as materialized (
          select cust_id, sort_key from hits order by sort_key ${dir}, cust_id ${dir}
          limit ${p.limit} offset ${p.offset})
        ${SELECT_RECORD} join page on page.cust_id = s.cust_id
        order by page.sort_key ${dir}, page.cust_id ${dir}`,
  );
  return rows.map(toRecord);
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
