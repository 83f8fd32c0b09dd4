import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../client.ts';
import { queryRows } from '../rows.ts';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, CURRENCIES, JOURNAL_SOURCES, SIDES } from '@bankmanager/contracts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';

const refusedBy = (constraint: string) => ({ cause: expect.objectContaining({ constraint }) });

describe('banking schema constraints', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('a subscription can only pay from an account of the same customer (composite FK)', async () => {
    const mine = await openTestAccount(h.db);
    const theirs = await openTestAccount(h.db);
    await expect(
      h.db
        .execute(sql`insert into mobile_banking_subscriptions (cust_id, mobile_no, pay_account_id, subscribed, updated_by)
        values (${mine.custId}, '+23276123456', ${theirs.accountId}, true, 'test')`),
    ).rejects.toMatchObject(refusedBy('mbs_pay_account_of_customer_fk'));
    await h.db
      .execute(sql`insert into mobile_banking_subscriptions (cust_id, mobile_no, pay_account_id, subscribed, updated_by)
      values (${mine.custId}, '+23276123456', ${mine.accountId}, true, 'test')`);
  });

  it('refuses values outside the allowed sets and malformed mobiles', async () => {
    const { custId, accountId } = await openTestAccount(h.db);
    await expect(
      h.db.execute(sql`update customers set status = 'Frozen' where cust_id = ${custId}`),
    ).rejects.toMatchObject(refusedBy('customers_status_check'));
    await expect(
      h.db.execute(sql`update customers set type = 'alien' where cust_id = ${custId}`),
    ).rejects.toMatchObject(refusedBy('customers_type_check'));
    await expect(
      h.db.execute(sql`update customers set mobile_no = '076123456' where cust_id = ${custId}`),
    ).rejects.toMatchObject(refusedBy('customers_mobile_e164_check'));
    await expect(
      h.db.execute(sql`update accounts set status = 'Gone' where id = ${accountId}`),
    ).rejects.toMatchObject(refusedBy('account_status_check'));
    await expect(
      h.db.execute(
        sql`insert into products (code, name, account_type, currency, ledger_code) values ('X', 'x', 'Savings', 'EUR', '2021')`,
      ),
    ).rejects.toMatchObject(refusedBy('products_currency_check'));
  });

  it('derives kyc_complete from the KYC fields', async () => {
    const { custId } = await openTestAccount(h.db);
    const read = async () =>
      (
        await queryRows<{ kyc_complete: boolean }>(
          h.db,
          sql`select kyc_complete from customers where cust_id = ${custId}`,
        )
      )[0]!.kyc_complete;
    expect(await read()).toBe(false);
    await h.db
      .execute(sql`update customers set id_type = 'national_id', id_number = 'SL123', address = '1 Kissy Road, Freetown',
      date_of_birth = date '1990-05-01', kyc_verified_at = now() where cust_id = ${custId}`);
    expect(await read()).toBe(true);
  });

  // The column domains (migrations 0136 and 0139) state the contracts' lists in SQL: each list's
  // values pass, and a value next to them is refused, so the two cannot drift apart.
  it.each([
    ['account_type', ACCOUNT_TYPES, 'Checking'],
    ['account_status', ACCOUNT_STATUSES, 'Frozen'],
    ['currency_code', CURRENCIES, 'EUR'],
    ['journal_source', JOURNAL_SOURCES, 'import'],
    ['posting_side', SIDES, 'both'],
  ] as const)('domain %s allows exactly the contracts list', async (domain, values, outside) => {
    const accepted = await queryRows<{ v: string }>(
      h.db,
      sql`select v::${sql.raw(domain)} as v from unnest(${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]) v`,
    );
    expect(accepted.map((r) => r.v)).toEqual([...values]);
    await expect(h.db.execute(sql`select ${outside}::${sql.raw(domain)}`)).rejects.toMatchObject(
      refusedBy(`${domain}_check`),
    );
  });

  it('a journal line refuses a zero amount and an entry a rate of zero (domains positive_money, exchange_rate)', async () => {
    await expect(h.db.execute(sql`select 0.00::positive_money`)).rejects.toMatchObject(
      refusedBy('positive_money_check'),
    );
    await expect(h.db.execute(sql`select 0::exchange_rate`)).rejects.toMatchObject(
      refusedBy('exchange_rate_check'),
    );
    const [r] = await queryRows<{ amount: string; rate: string | null }>(
      h.db,
      sql`select 0.01::positive_money as amount, null::exchange_rate as rate`,
    );
    expect(r).toEqual({ amount: '0.01', rate: null });
  });

  it('an account refuses a negative held amount or overdraft limit (domain non_negative_money)', async () => {
    const { accountId } = await openTestAccount(h.db);
    for (const column of ['held', 'overdraft_limit'])
      await expect(
        h.db.execute(sql`update accounts set ${sql.identifier(column)} = -1 where id = ${accountId}`),
      ).rejects.toMatchObject(refusedBy('non_negative_money_check'));
  });
});
