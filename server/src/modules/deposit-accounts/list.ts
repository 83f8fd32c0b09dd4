import { sql, type SQL } from 'drizzle-orm';
import type { AccountListQuery, AccountRow, Page } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { ROW_COLUMNS, ROW_FROM } from './account-row.ts';

/** Every sort ends on the account number (unique), so pages never overlap or skip. */
const ORDER: Record<AccountListQuery['sort'], (dir: SQL, name?: SQL) => SQL> = {
  number: (d) => sql`a.account_number ${d}`,
  name: (d, name = sql`c.name`) => sql`${name} ${d}, a.account_number ${d}`,
  opened: (d) => sql`a.opened_on ${d}, a.account_number ${d}`,
  // The band is monotone in the balance: the same order, walked on accounts_type_band_idx or
  // accounts_product_band_idx with only each band's accounts sorted (ADR 0029, addendum).
  balance: (d) => sql`a.balance_band ${d}, a.balance ${d}, a.account_number ${d}`,
  maturity: (d) => sql`a.maturity_date ${d} nulls last, a.account_number ${d}`,
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A name search's page, counted in the same statement. By balance, which account_search lacks, only
 * the hits in the bands the page reaches are joined to accounts: every hit before the page's last row
 * lies in its band or a band before it (the band is monotone in the balance).
 */
function namePage(
  from: SQL,
  cond: SQL,
  sort: AccountListQuery['sort'],
  desc: boolean,
  page: PageWindow,
): SQL {
  const dir = desc ? sql`desc` : sql`asc`;
  if (sort !== 'balance')
    return sql`with page as materialized (select a.id, count(*) over () as total from ${from} ${cond}
      order by ${ORDER[sort](dir, sql`a.name`)} limit ${page.limit} offset ${page.offset})`;
  const reached = sql`(select balance_band from hits order by balance_band ${dir} offset ${page.offset + page.limit - 1} limit 1)`;
  return sql`with hits as materialized (select a.id, a.balance_band from ${from} ${cond}),
    page as materialized (
      select a.id, (select count(*) from hits) as total from hits h join accounts a on a.id = h.id
      where ${desc ? sql`h.balance_band >= coalesce(${reached}, -32768)` : sql`h.balance_band <= coalesce(${reached}, 32767)`}
      order by ${ORDER.balance(dir)} limit ${page.limit} offset ${page.offset})`;
}

/**
 * The managers' lists, filtered, searched and sorted in the database. `q` of digits is an account
 * number prefix: a range on the unique number index (digits sort the same in every collation); any
 * other `q` is part of the holder's name, found through account_search's trigram index. `branch` is
 * already limited to the caller's scope.
 */
export async function listAccounts(
  db: Database,
  q: AccountListQuery,
  branch: string | undefined,
  page: PageWindow,
): Promise<Page<AccountRow>> {
  const where: SQL[] = [];
  if (q.custId !== undefined) where.push(sql`a.cust_id = ${q.custId}`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  if (q.type) where.push(sql`a.account_type = ${q.type}`);
  if (q.product) where.push(sql`a.product_code = ${q.product}`);
  if (branch) where.push(sql`a.branch_code = ${branch}`);
  if (q.overdrawn === 'true') where.push(sql`a.overdrawn_since is not null`);
  if (q.overdrawn === 'false') where.push(sql`a.overdrawn_since is null`);
  const text = q.q?.replace(/[\s-]/g, '') ?? '';
  if (/^\d+$/.test(text)) where.push(sql`a.account_number >= ${text} and a.account_number < ${`${text}:`}`);
  const byName = !/^\d+$/.test(text) && !!q.q;
  // A name search reads account_search, which carries every column above under the same names (and
  // the holder's name), so its hits never touch the wide accounts and customers rows.
  if (byName) where.push(sql`a.name ilike ${`%${likeEscape(q.q!)}%`}`);
  const from = byName
    ? sql`account_search a`
    : q.sort === 'name'
      ? sql`accounts a join customers c on c.cust_id = a.cust_id`
      : sql`accounts a`;
  const cond = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const dir = q.order === 'desc' ? sql`desc` : sql`asc`;
  // Only the page's keys are filtered, sorted and skipped; the row's columns (holder, product, held and
  // available balance, which call functions) are computed for those 25 rows alone.
  const pageSql = byName
    ? namePage(from, cond, q.sort, q.order === 'desc', page)
    : sql`with page as materialized (select a.id, null::bigint as total from ${from} ${cond}
        order by ${ORDER[q.sort](dir)} limit ${page.limit} offset ${page.offset})`;
  const rowsSql = sql`${pageSql}
    select ${ROW_COLUMNS}, page.total from ${ROW_FROM} join page on page.id = a.id
    order by ${ORDER[q.sort](dir)}`;
  // Filtered only by type, status, branch and product (the managers' lists): the trigger-kept counts.
  const countsWillDo = !byName && !text && q.custId === undefined && q.overdrawn === undefined;
  const count = async () =>
    (
      await queryRows<{ n: number }>(
        db,
        byName
          ? sql`select count(*)::int as n from ${from} ${cond}`
          : countsWillDo
            ? sql`select coalesce(sum(a.n), 0)::bigint as n from account_counts a ${cond}`
            : sql`select count(*)::int as n from accounts a ${cond}`,
      )
    )[0]!.n;
  // A name search finds its hits once and counts them in the same statement; otherwise the page and
  // the count run side by side on two pooled connections (a total may differ from the page by the
  // accounts opened between the two reads, as with any list that is read while the bank works).
  const [rows, n] = await Promise.all([
    queryRows<AccountRow & { total?: string } & Record<string, unknown>>(db, rowsSql),
    byName ? Promise.resolve(null) : count(),
  ]);
  const total = n ?? (rows.length > 0 ? Number(rows[0]!.total) : await count());
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, custId: Number(r.custId) })),
    total: Number(total),
  };
}
