import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { postTransaction } from '../../src/modules/ledger/index.ts';
import { ensureReferenceData, SUSPENSE_GL } from './banking-fixtures.ts';

export interface Subscriber {
  custId: number;
  accountNumber: string;
  accountId: number;
}

/** A customer with one account (funded through the real posting path) and a subscription. */
export async function createSubscriber(
  db: Database,
  opts: {
    name: string;
    mobile: string;
    balance?: string;
    subscribed?: boolean;
    status?: string;
    accountStatus?: string;
    /** The customer's branch (T01 unless said; the branch must exist). */
    branch?: string;
  },
): Promise<Subscriber> {
  await ensureReferenceData(db);
  const [c] = await queryRows<{ cust_id: number }>(
    db,
    sql`insert into customers (name, type, mobile_no, status, branch_code)
        values (${opts.name}, 'private', ${opts.mobile}, ${opts.status ?? 'Active'}, ${opts.branch ?? 'T01'}) returning cust_id`,
  );
  const custId = Number(c!.cust_id);
  // Valid numbers (ADR 0019) under the otherwise unused branch prefix 900.
  const [a] = await queryRows<{ id: string; account_number: string }>(
    db,
    sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
        values (make_account_number('900', nextval('account_serial_seq')), ${custId}, 'T-SAV', 'Savings', 'SLE', 'Active', date '2026-01-01', 'T01', '2020')
        returning id, account_number`,
  );
  const accountNumber = a!.account_number;
  const accountId = Number(a!.id);
  if (opts.balance && opts.balance !== '0') {
    await postTransaction(db, {
      counterGlCode: SUSPENSE_GL,
      accountId,
      direction: 'credit',
      amount: opts.balance,
      description: 'Opening deposit',
    });
  }
  if (opts.accountStatus)
    await db.execute(sql`update accounts set status = ${opts.accountStatus},
        block_kind = case when ${opts.accountStatus} = 'Blocked' then 'total' end where id = ${accountId}`);
  await db.execute(sql`insert into mobile_banking_subscriptions (cust_id, mobile_no, pay_account_id, subscribed, updated_by, version)
      values (${custId}, ${opts.mobile}, ${accountId}, ${opts.subscribed ?? true}, 'test', 1)`);
  return { custId, accountNumber, accountId };
}

/** A second account for an existing customer (to test choosing the payment account). */
export async function openExtraAccount(db: Database, custId: number, status = 'Active'): Promise<string> {
  const [a] = await queryRows<{ account_number: string }>(
    db,
    sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
      values (make_account_number('900', nextval('account_serial_seq')), ${custId}, 'T-CUR', 'Current', 'SLE', ${status}, date '2026-02-01', 'T01', '2010')
      returning account_number`,
  );
  return a!.account_number;
}
