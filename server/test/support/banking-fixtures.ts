import { sql } from 'drizzle-orm';
import type { AccountType, Currency } from '@bankmanager/contracts';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';

let counter = 0;

/** Minimal reference data (one branch, products on the chart's control accounts) for tests that open accounts by hand. */
export async function ensureReferenceData(db: Database): Promise<void> {
  await db.execute(
    sql`insert into branches (code, name, town) values ('T01', 'Test Branch', 'Freetown') on conflict do nothing`,
  );
  await db.execute(sql`insert into products (code, name, account_type, currency, ledger_code) values
    ('T-CUR', 'Test current', 'Current', 'SLE', '2010'), ('T-SAV', 'Test savings', 'Savings', 'SLE', '2020'),
    ('T-USD', 'Test savings USD', 'Savings', 'USD', '2021'), ('T-LOAN', 'Test loan', 'Loan', 'SLE', '1410')
    on conflict do nothing`);
}

const productFor: Record<string, string> = { Current: 'T-CUR', Savings: 'T-SAV', Loan: 'T-LOAN' };

/** Opens a customer and one account at balance 0; returns ids. */
export async function openTestAccount(
  db: Database,
  opts: { type?: AccountType; currency?: Currency; overdraftLimit?: string; status?: string } = {},
): Promise<{ custId: number; accountId: number }> {
  await ensureReferenceData(db);
  const n = ++counter;
  const type = opts.type ?? 'Savings';
  const currency = opts.currency ?? 'SLE';
  const product = currency === 'USD' ? 'T-USD' : (productFor[type] ?? 'T-SAV');
  const [cust] = await queryRows<{ cust_id: number }>(
    db,
    sql`
    insert into customers (name, type, mobile_no, status, branch_code)
    values (${`Test Customer ${n}`}, 'private', ${`+2327600${String(n).padStart(4, '0')}`}, 'Active', 'T01')
    returning cust_id`,
  );
  const custId = Number(cust!.cust_id);
  const [acct] = await queryRows<{ id: string }>(
    db,
    sql`
    insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code, overdraft_limit)
    values (${`T${Date.now()}${n}`}, ${custId}, ${product}, ${type}, ${currency}, ${opts.status ?? 'Active'}, date '2026-01-01', 'T01',
            (select ledger_code from products where code = ${product}), ${opts.overdraftLimit ?? '0'}::numeric)
    returning id`,
  );
  return { custId, accountId: Number(acct!.id) };
}

/** Reads back the fields tests assert on. */
export async function accountBalance(db: Database, accountId: number): Promise<string> {
  const [r] = await queryRows<{ balance: string }>(
    db,
    sql`select balance from accounts where id = ${accountId}`,
  );
  return r!.balance;
}
