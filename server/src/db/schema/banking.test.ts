import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../client.ts';
import { queryRows } from '../rows.ts';
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
    ).rejects.toMatchObject(refusedBy('accounts_status_check'));
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
});
