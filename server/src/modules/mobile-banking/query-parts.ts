import { sql, type SQL } from 'drizzle-orm';
import type { RegisteredUser, RegisteredUserSort } from '@bankmanager/contracts';
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

export type Row = Omit<RegisteredUser, 'cust_id' | 'version'> & {
  cust_id: number | string;
  version: number | string;
};

export const toRecord = (r: Row): RegisteredUser => ({
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
export const SORT_KEYS: Record<RegisteredUserSort, SQL> = {
  id: sql`k.cust_id`,
  name: sql`k.name`,
  mobile: sql`k.mobile_no`,
  balance: sql`k.balance`,
};

export const keysTable = (sort: RegisteredUserSort): SQL =>
  sort === 'balance' ? sql`registered_user_balances k` : sql`registered_user_keys k`;

/** A registered user's record (plus `extra` columns), to be joined to the page's keys. */
export const selectRecord = (extra: SQL = sql``) => sql`
  select c.cust_id, c.name as cust_name, s.mobile_no, a.account_number as pay_acct, a.balance::text as balance,
         a.ledger_code as ledger, c.status, s.subscribed as mb_sub, s.version ${extra}
  from mobile_banking_subscriptions s
  join customers c on c.cust_id = s.cust_id
  join accounts a on a.id = s.pay_account_id`;
export const SELECT_RECORD = selectRecord();

/**
 * A term of 1–2 characters (as PostgreSQL counts them: code points) matches most rows and no trigram
 * index can find it; registered_user_term_counts knows its total (ADR 0030).
 */
export const isShortTerm = (q: string) => [...q].length <= 2;

/**
 * Subscriptions whose customer name, zero-padded id or registered mobile number contains the term: a
 * byte-wise LIKE of the lower-cased term on name_folded (lower(name), what ILIKE would compute for every
 * row), on the id text (digits only) and on the mobile (digits and '+', the E.164 CHECKs), where lower()
 * changes nothing. A term with any other character cannot be in the id or the mobile, so only the name
 * is compared: a walk then evaluates one LIKE a row instead of three and a padded id. A term of 3+
 * characters is found through the columns' trigram indexes (a BitmapOr); a shorter one filters a sort
 * index (ADR 0030). With a branch, the branch's own sort indexes (ruk_branch_*) lead.
 */
export function whereOf(q: string | undefined, branch: string | undefined): SQL {
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
