import { sql, type SQL } from 'drizzle-orm';
import type { CustomerLookup, RegisteredUser, RegisteredUserSort } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { containsPattern } from '../../lib/search-pattern.ts';

export interface ListParams {
  q?: string | undefined;
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

/** Sort columns are fixed expressions chosen by a whitelist key, never text from the request. */
const SORT_COLUMNS: Record<RegisteredUserSort, SQL> = {
  id: sql`c.cust_id`,
  name: sql`c.name`,
  mobile: sql`s.mobile_no`,
  balance: sql`a.balance`,
};

const SELECT_RECORD = sql`
  select c.cust_id, c.name as cust_name, s.mobile_no, a.account_number as pay_acct, a.balance::text as balance,
         a.ledger_code as ledger, c.status, s.subscribed as mb_sub, s.version
  from mobile_banking_subscriptions s
  join customers c on c.cust_id = s.cust_id
  join accounts a on a.id = s.pay_account_id`;

/**
 * Customers whose name, zero-padded id or mobile banking number contains the term. Each branch of
 * the UNION can use its own trigram index, which one OR across joined tables could not.
 */
function matchingCustomers(term: string): SQL {
  const p = containsPattern(term);
  return sql`(
    select cust_id from customers where name ilike ${p} or lpad(cust_id::text, 6, '0') ilike ${p}
    union
    select cust_id from mobile_banking_subscriptions where mobile_no ilike ${p}
  )`;
}

const whereSearch = (q: string | undefined): SQL =>
  q ? sql`where s.cust_id in ${matchingCustomers(q)}` : sql``;

export async function listRegisteredUsers(db: Database, p: ListParams): Promise<RegisteredUser[]> {
  const dir = p.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await queryRows<Row>(
    db,
    sql`${SELECT_RECORD} ${whereSearch(p.q)}
        order by ${SORT_COLUMNS[p.sort]} ${dir}, c.cust_id ${dir}
        limit ${p.limit} offset ${p.offset}`,
  );
  return rows.map(toRecord);
}

export async function countRegisteredUsers(db: Database, q?: string): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(
    db,
    q
      ? sql`select count(*) as n from mobile_banking_subscriptions s where s.cust_id in ${matchingCustomers(q)}`
      : sql`select count(*) as n from mobile_banking_subscriptions`,
  );
  return Number(r?.n ?? 0);
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
