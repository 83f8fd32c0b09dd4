import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { countRegisteredUsers, findCustomer, listRegisteredUsers } from './repository.ts';
import { saveSubscription, STALE_MESSAGE } from './save-subscription.ts';
import { createSubscriber, openExtraAccount, type Subscriber } from '../../../test/support/subscribers.ts';

const actor = { id: '00000000-0000-4000-8000-000000000001', email: 'officer@bank.sl', ip: '127.0.0.1' };

describe('registered users repository', () => {
  let h: DbHandle;
  const subs: Record<string, Subscriber> = {};
  beforeAll(async () => {
    h = await createTestDb();
    subs.aminata = await createSubscriber(h.db, {
      name: 'Aminata Kamara',
      mobile: '+23276111222',
      balance: '1500.50',
    });
    subs.mohamed = await createSubscriber(h.db, {
      name: 'Mohamed Sesay',
      mobile: '+23288333444',
      balance: '99.99',
      subscribed: false,
    });
    subs.fatmata = await createSubscriber(h.db, {
      name: 'Fatmata 50%_Off Ltd',
      mobile: '+23230555666',
      balance: '250000',
    });
    subs.ibrahim = await createSubscriber(h.db, {
      name: "Ibrahim O'Conteh",
      mobile: '+23277999000',
      status: 'Blocked',
    });
  });
  afterAll(() => h.close());

  const list = (
    q: string | undefined,
    sort: 'id' | 'name' | 'mobile' | 'balance' = 'id',
    order: 'asc' | 'desc' = 'asc',
  ) => listRegisteredUsers(h.db, { q, sort, order, offset: 0, limit: 10 });

  it('returns docs/product.md §3 records with decimal-string balances', async () => {
    const rows = await list(undefined);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      cust_id: subs.aminata!.custId,
      cust_name: 'Aminata Kamara',
      mobile_no: '+23276111222',
      pay_acct: subs.aminata!.accountNumber,
      balance: '1500.50',
      ledger: '2020',
      status: 'Active',
      mb_sub: true,
      version: 1,
    });
    expect(rows[1]!.mb_sub).toBe(false);
  });

  it('searches case-insensitively by name, zero-padded id and mobile', async () => {
    expect((await list('kamara')).map((r) => r.cust_name)).toEqual(['Aminata Kamara']);
    expect((await list('88333')).map((r) => r.cust_name)).toEqual(['Mohamed Sesay']);
    const paddedId = String(subs.ibrahim!.custId).padStart(6, '0');
    expect((await list(paddedId)).map((r) => r.cust_id)).toContain(subs.ibrahim!.custId);
    expect(await countRegisteredUsers(h.db, 'KAMARA')).toBe(1);
  });

  it('takes %, _ and quotes literally', async () => {
    expect((await list('50%_')).map((r) => r.cust_name)).toEqual(['Fatmata 50%_Off Ltd']);
    expect(await list('%')).toHaveLength(1);
    expect(await list('_')).toHaveLength(1);
    expect((await list("O'Conteh")).map((r) => r.cust_name)).toEqual(["Ibrahim O'Conteh"]);
    expect(await list("'; drop table customers; --")).toEqual([]);
  });

  it('sorts by each key in both directions, with the id as tiebreaker', async () => {
    expect((await list(undefined, 'balance', 'desc')).map((r) => r.balance)).toEqual([
      '250000.00',
      '1500.50',
      '99.99',
      '0.00',
    ]);
    expect((await list(undefined, 'name', 'asc')).map((r) => r.cust_name)[0]).toBe('Aminata Kamara');
    expect((await list(undefined, 'mobile', 'asc')).map((r) => r.mobile_no)[0]).toBe('+23230555666');
    expect((await list(undefined, 'id', 'desc'))[0]!.cust_id).toBe(subs.ibrahim!.custId);
  });

  it('looks up a customer with accounts and current subscription', async () => {
    const found = await findCustomer(h.db, subs.aminata!.custId);
    expect(found).toMatchObject({ cust_name: 'Aminata Kamara', subscription: { mb_sub: true, version: 1 } });
    expect(found!.accounts.map((a) => a.account_number)).toEqual([subs.aminata!.accountNumber]);
    expect(await findCustomer(h.db, 987654)).toBeNull();
  });

  it('saves with optimistic concurrency and writes an audit row with before and after', async () => {
    const extra = await openExtraAccount(h.db, subs.mohamed!.custId);
    const saved = await saveSubscription(
      h.db,
      { custId: subs.mohamed!.custId, mobileNo: '+23278123456', payAcct: extra, mbSub: true, version: 1 },
      actor,
    );
    expect(saved).toMatchObject({ mobile_no: '+23278123456', pay_acct: extra, mb_sub: true, version: 2 });

    await expect(
      saveSubscription(
        h.db,
        { custId: subs.mohamed!.custId, mobileNo: '+23278000000', payAcct: extra, mbSub: false, version: 1 },
        actor,
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: STALE_MESSAGE });

    const [audit] = await queryRows<{
      action: string;
      target_id: string;
      details: { before: { version: number }; after: { version: number } };
    }>(
      h.db,
      sql`select action, target_id, details from audit_log where action = 'mobile_banking.subscription_saved' order by id desc limit 1`,
    );
    expect(audit!.target_id).toBe(String(subs.mohamed!.custId).padStart(6, '0'));
    expect(audit!.details.before.version).toBe(1);
    expect(audit!.details.after.version).toBe(2);
  });

  it('refuses a payment account of another customer or an inactive one, changing nothing', async () => {
    const closed = await openExtraAccount(h.db, subs.aminata!.custId, 'Closed');
    const auditsBefore = await queryRows<{ n: number }>(h.db, sql`select count(*)::int as n from audit_log`);
    await expect(
      saveSubscription(
        h.db,
        {
          custId: subs.aminata!.custId,
          mobileNo: '+23276111222',
          payAcct: subs.mohamed!.accountNumber,
          mbSub: true,
          version: 1,
        },
        actor,
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      saveSubscription(
        h.db,
        { custId: subs.aminata!.custId, mobileNo: '+23276111222', payAcct: closed, mbSub: true, version: 1 },
        actor,
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      saveSubscription(
        h.db,
        { custId: 999999, mobileNo: '+23276111222', payAcct: closed, mbSub: true, version: 0 },
        actor,
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    const auditsAfter = await queryRows<{ n: number }>(h.db, sql`select count(*)::int as n from audit_log`);
    expect(auditsAfter).toEqual(auditsBefore);
    expect((await findCustomer(h.db, subs.aminata!.custId))!.subscription!.version).toBe(1);
  });
});
