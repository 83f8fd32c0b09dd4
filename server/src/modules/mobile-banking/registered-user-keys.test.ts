import { SUSPENSE_GL } from '../../../test/support/banking-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RegisteredUserSort } from '@bankmanager/contracts';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { postBulkEntry, postManyEntries, postTransaction } from '../ledger/index.ts';
import { containsPattern } from '../../lib/search-pattern.ts';
import { countRegisteredUsers, pageRegisteredUsers } from './repository.ts';
import { saveSubscription } from './save-subscription.ts';
import { createSubscriber, openExtraAccount, type Subscriber } from '../../../test/support/subscribers.ts';

const actor = { id: '00000000-0000-4000-8000-000000000001', email: 'officer@bank.sl', ip: '127.0.0.1' };

/** registered_user_keys mirrors name and mobile, registered_user_balances also the payment balance; registered_user_count counts them. */
describe('registered_user_keys (trigger-maintained search and sort keys)', () => {
  let h: DbHandle;
  const subs: Subscriber[] = [];
  // Both checks recount from the live tables: the keys, then the short-term counts (ADR 0030).
  const violations = async () => [
    ...(await queryRows(h.db, sql`select * from registered_user_keys_violations()`)),
    ...(await queryRows(h.db, sql`select * from registered_user_term_count_violations()`)),
  ];

  beforeAll(async () => {
    h = await createTestDb();
    const names = [
      'Aminata Kamara',
      'Mohamed Sesay',
      'Fatmata Kamara',
      'Abu Bakarr',
      'Isatu Kamara',
      'Zainab Koroma',
    ];
    for (let i = 0; i < 23; i++) {
      subs.push(
        await createSubscriber(h.db, {
          name: `${names[i % names.length]} ${i % 4}`, // duplicate names test the cust_id tiebreak
          mobile: `+2327620${String(i % 7).padStart(2, '0')}${String(i).padStart(3, '0')}`,
          balance: `${(i % 5) * 100 + 10}.00`, // duplicate balances too
        }),
      );
    }
  });
  afterAll(() => h.close());

  it('follows every change: postings, renames, saves that move the number or the payment account', async () => {
    expect(await violations()).toEqual([]);
    await postTransaction(h.db, {
      counterGlCode: SUSPENSE_GL,
      accountId: subs[0]!.accountId,
      direction: 'credit',
      amount: '12.34',
      description: 'x',
    });
    await postTransaction(h.db, {
      counterGlCode: SUSPENSE_GL,
      accountId: subs[1]!.accountId,
      direction: 'credit',
      amount: '5.00',
      description: 'y',
    });
    await h.db.execute(sql`update customers set name = 'Renamed Person' where cust_id = ${subs[2]!.custId}`);
    const extra = await openExtraAccount(h.db, subs[3]!.custId);
    const [cur] = await queryRows<{ version: number }>(
      h.db,
      sql`select version from mobile_banking_subscriptions where cust_id = ${subs[3]!.custId}`,
    );
    await saveSubscription(
      h.db,
      {
        custId: subs[3]!.custId,
        mobileNo: '+23279999888',
        payAcct: extra,
        mbSub: false,
        version: Number(cur!.version),
      },
      actor,
    );
    expect(await violations()).toEqual([]);
    const [k] = await queryRows<{ name: string; mobile_no: string }>(
      h.db,
      sql`select name, mobile_no from registered_user_keys where cust_id in (${subs[2]!.custId}, ${subs[3]!.custId}) order by cust_id`,
    );
    expect(k!.name).toBe('Renamed Person');
    const [b] = await queryRows<{ name: string }>(
      h.db,
      sql`select name from registered_user_balances where cust_id = ${subs[2]!.custId}`,
    );
    expect(b!.name).toBe('Renamed Person');
  });

  // A bulk entry (end of day's interest, a salary batch) moves balances set-based, with the row
  // triggers quiet: its statement trigger carries the balances and the bands over.
  it('follows a bulk entry that moves payment accounts into other balance bands', async () => {
    const ids = [subs[5]!.accountId, subs[6]!.accountId];
    const bandOf = async () =>
      queryRows<{ band: number }>(
        h.db,
        sql`select k.balance_band as band from registered_user_keys k
            where k.cust_id in (${subs[5]!.custId}, ${subs[6]!.custId}) order by k.cust_id`,
      );
    const before = await bandOf();
    await postBulkEntry(h.db, {
      source: 'system',
      narration: 'Bulk credit',
      reference: `RUK-BULK-${Date.now()}`,
      lines: [{ glCode: SUSPENSE_GL, currency: 'SLE', side: 'debit', amount: '20000.00' }],
      bulk: {
        side: 'credit',
        rows: sql`select * from (values ${sql.join(
          ids.map((id) => sql`(${id}::bigint, 10000::numeric, null::text)`),
          sql`, `,
        )}) as r(account_id, amount, description)`,
      },
      audit: { action: 'test.bulk', targetType: 'test', targetId: 'bulk' },
    });
    const after = await bandOf();
    expect(after.map((r) => r.band)).not.toEqual(before.map((r) => r.band));
    expect(await violations()).toEqual([]);
  });

  // Many entries in one statement (end of day's auto-debit): one account twice, so the balance kept is
  // the one after its last line, and the band follows it.
  it('follows a many-entries posting, an account named twice keeping its last balance', async () => {
    const [a, b] = [subs[7]!, subs[8]!];
    const line = (accountId: number, amount: string) => ({
      reference: `RUK-MANY-${accountId}-${amount}-${Date.now()}`,
      narration: 'Many credit',
      lines: [
        { accountId, side: 'credit' as const, amount },
        { glCode: SUSPENSE_GL, currency: 'SLE' as const, side: 'debit' as const, amount },
      ],
      audit: { targetId: String(accountId), details: {} },
    });
    await h.db.transaction((tx) =>
      postManyEntries(tx, {
        source: 'system',
        audit: { action: 'test.many', targetType: 'test' },
        entries: [line(a.accountId, '5000.00'), line(b.accountId, '70000.00'), line(a.accountId, '25000.00')],
      }),
    );
    const kept = await queryRows<{
      cust: number;
      kept: string;
      live: string;
      band: number;
      live_band: number;
    }>(
      h.db,
      sql`select b.cust_id as cust, b.balance::text as kept, acc.balance::text as live,
                 k.balance_band as band, acc.balance_band as live_band
            from registered_user_balances b join registered_user_keys k on k.cust_id = b.cust_id
            join mobile_banking_subscriptions s on s.cust_id = b.cust_id join accounts acc on acc.id = s.pay_account_id
           where b.cust_id in (${a.custId}, ${b.custId}) order by b.cust_id`,
    );
    expect(kept).toHaveLength(2);
    for (const r of kept) {
      expect(r.kept).toBe(r.live);
      expect(r.band).toBe(r.live_band);
    }
    expect(await violations()).toEqual([]);
  });

  // One statement over many keys: some renamed or moved to another branch, the rest only a band. The
  // counts take the renamed and moved keys' old pieces out and their new ones in, and nothing for the
  // rest. (Written to the keys directly, so only the term counts are checked here, not the mirror.)
  it('counts a statement that renames some keys and moves only the band of others', async () => {
    const keys = subs.slice(7, 19).map((x) => x.custId);
    await h.db.execute(
      sql`update registered_user_keys set balance_band = balance_band where cust_id = ${keys[0]!}`,
    );
    await h.db.execute(sql`update registered_user_keys k
        set name = case when k.cust_id % 3 = 0 then k.name || ' Conteh' else k.name end,
            branch_code = case when k.cust_id % 4 = 0 then '002' else k.branch_code end,
            balance_band = k.balance_band + 1
      where k.cust_id in (${sql.join(
        keys.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const [renamed] = await queryRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from registered_user_keys where name like '% Conteh'`,
    );
    expect(renamed!.n).toBeGreaterThan(0);
    expect(await queryRows(h.db, sql`select * from registered_user_term_count_violations()`)).toEqual([]);
    // Put back as the customers have them, for the tests after this one.
    await h.db.execute(sql`update registered_user_keys k
        set name = c.name, branch_code = c.branch_code, balance_band = a.balance_band
        from customers c, mobile_banking_subscriptions s join accounts a on a.id = s.pay_account_id
       where c.cust_id = k.cust_id and s.cust_id = k.cust_id
         and (k.name, k.branch_code, k.balance_band) is distinct from (c.name, c.branch_code, a.balance_band)`);
    expect(await violations()).toEqual([]);
  });

  // The count row is one for the whole bank: a save that adds no subscription must not write (and
  // so lock until commit) it, or every save waits for every other.
  it('leaves the count row untouched by a save that adds no subscription', async () => {
    const xmin = async () =>
      (await queryRows<{ x: string }>(h.db, sql`select xmin::text as x from registered_user_count`))[0]!.x;
    const before = await xmin();
    const s = subs[4]!;
    const [cur] = await queryRows<{ version: number; mobile_no: string; pay_acct: string }>(
      h.db,
      sql`select s.version, s.mobile_no, a.account_number as pay_acct from mobile_banking_subscriptions s
          join accounts a on a.id = s.pay_account_id where s.cust_id = ${s.custId}`,
    );
    await saveSubscription(
      h.db,
      {
        custId: s.custId,
        mobileNo: '+23279111222',
        payAcct: cur!.pay_acct,
        mbSub: true,
        version: Number(cur!.version),
      },
      actor,
    );
    expect(await xmin()).toBe(before);
    expect(await violations()).toEqual([]);
  });

  it('counts exactly through inserts, deletes and a truncate', async () => {
    const count = async () =>
      Number((await queryRows<{ n: string }>(h.db, sql`select n from registered_user_count`))[0]!.n);
    expect(await count()).toBe(subs.length);
    await h.db.execute(sql`delete from mobile_banking_subscriptions where cust_id = ${subs.at(-1)!.custId}`);
    expect(await count()).toBe(subs.length - 1);
    expect(await violations()).toEqual([]);
    await h.db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate registered_user_balances, registered_user_keys`);
        expect(
          Number((await queryRows<{ n: string }>(tx, sql`select n from registered_user_count`))[0]!.n),
        ).toBe(0);
        expect(await queryRows(tx, sql`select * from registered_user_term_counts`)).toEqual([]);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await count()).toBe(subs.length - 1);
  });

  // Every page, read forwards or (past the middle) from the far end, equals the slice of the full
  // list ordered on the joined tables as the screen defines it.
  // Terms of 1–2 characters take the short path (term counts, folded LIKE): case, digits, a literal
  // wildcard and no hits at all.
  it.each([undefined, 'kamara', 'ama', 'zz', 'a', 'K', 'Ka', '7', '20', '%', 'q', '+2', '+2327', '0001'])(
    'pages match the joined order exactly (q=%s)',
    async (q) => {
      const OLD: Record<RegisteredUserSort, string> = {
        id: 'c.cust_id',
        name: 'c.name',
        mobile: 's.mobile_no',
        balance: 'a.balance',
      };
      for (const sort of ['id', 'name', 'mobile', 'balance'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const p = q ? containsPattern(q) : '';
          const expected = await queryRows<{ cust_id: number }>(
            h.db,
            sql`select c.cust_id from mobile_banking_subscriptions s join customers c on c.cust_id = s.cust_id
              join accounts a on a.id = s.pay_account_id
              ${q ? sql`where c.name ilike ${p} or lpad(c.cust_id::text, 6, '0') ilike ${p} or s.mobile_no ilike ${p}` : sql``}
              order by ${sql.raw(OLD[sort])} ${sql.raw(order)}, c.cust_id ${sql.raw(order)}`,
          );
          const ids = expected.map((r) => Number(r.cust_id));
          // A term of 3+ characters pages by the filtered walk or by its collected hits, counted
          // first or in the statement that collects them: every combination.
          const long = q !== undefined && q.length >= 3;
          for (const walkLimit of long ? [0, Infinity] : [undefined]) {
            for (const countFirstWithin of long ? [0, Infinity] : [undefined]) {
              for (const limit of [3, 10]) {
                const got: number[] = [];
                for (let offset = 0; offset < ids.length + limit; offset += limit) {
                  const window = { q, sort, order, offset, limit };
                  const page = await pageRegisteredUsers(h.db, window, walkLimit, countFirstWithin);
                  expect(page.total, `${sort} ${order} total`).toBe(ids.length);
                  got.push(...page.rows.map((r) => r.cust_id));
                }
                const how = `walk limit ${walkLimit}, count first within ${countFirstWithin}`;
                expect(got, `${sort} ${order} by ${limit}, ${how}`).toEqual(ids);
              }
            }
          }
        }
      }
    },
  );

  it('counts a short term per branch as the ILIKE filter does', async () => {
    const [{ branch }] = (await queryRows<{ branch: string }>(
      h.db,
      sql`select branch_code as branch from registered_user_keys limit 1`,
    )) as [{ branch: string }];
    for (const q of ['a', 'K', '7', 'ma', ' k', 'zz']) {
      for (const b of [undefined, branch, 'none']) {
        const p = containsPattern(q);
        const [expected] = await queryRows<{ n: string }>(
          h.db,
          sql`select count(*) as n from mobile_banking_subscriptions s join customers c on c.cust_id = s.cust_id
              where (c.name ilike ${p} or lpad(c.cust_id::text, 6, '0') ilike ${p} or s.mobile_no ilike ${p})
              ${b === undefined ? sql`` : sql`and c.branch_code = ${b}`}`,
        );
        expect(await countRegisteredUsers(h.db, q, b), `${q} in ${b ?? 'all'}`).toBe(Number(expected!.n));
      }
    }
  });
});
