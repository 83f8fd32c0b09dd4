import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_LIST_SORTS } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { seedBanking } from '../../db/seed/banking/index.ts';

/** The screen's orders, written out apart from list.ts: ties always broken by the account number. */
const ORDER: Record<(typeof ACCOUNT_LIST_SORTS)[number], (d: string) => string> = {
  number: (d) => `a.account_number ${d}`,
  name: (d) => `c.name ${d}, a.account_number ${d}`,
  opened: (d) => `a.opened_on ${d}, a.account_number ${d}`,
  balance: (d) => `a.balance ${d}, a.account_number ${d}`,
  maturity: (d) => `a.maturity_date ${d} nulls last, a.account_number ${d}`,
};

/** GET /api/accounts pages walked one by one equal the whole filtered list in the asked order. */
describe('account managers list: sorted and paged in the database', () => {
  let t: TestApp;
  let boss: StaffUser;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.transaction((tx) =>
      seedBanking(tx, { customers: 60, transactionsPerAccount: 2, seed: 7 }),
    );
    boss = await (await staffUsers(t.app)).make('superuser', 'lister');
  });
  afterAll(() => t.close());

  it.each([
    ['', sql``],
    ['type=Savings', sql`where a.account_type = 'Savings'`],
    ['q=ma', sql`where c.name ilike '%ma%'`],
    ['q=ma&type=Savings', sql`where c.name ilike '%ma%' and a.account_type = 'Savings'`],
  ])('every sort in both orders, page by page (%s)', async (filter, where) => {
    for (const sort of ACCOUNT_LIST_SORTS) {
      for (const order of ['asc', 'desc']) {
        const expected = await queryRows<{ n: string }>(
          t.db.db,
          sql`select a.account_number as n from accounts a join customers c on c.cust_id = a.cust_id
              ${where} order by ${sql.raw(ORDER[sort](order))}`,
        );
        expect(expected.length).toBeGreaterThan(3);
        const got: string[] = [];
        for (let page = 1; got.length < expected.length + 7; page += 1) {
          const r = await t.app.inject({
            method: 'GET',
            url: `/api/accounts?${filter}&sort=${sort}&order=${order}&page=${page}&pageSize=7`,
            headers: { authorization: boss.auth },
          });
          expect(r.statusCode).toBe(200);
          expect(Number(r.headers['x-total-count'])).toBe(expected.length);
          const rows = r.json<{ accountNumber: string; accountName: string; balance: string }[]>();
          if (rows.length === 0) break;
          got.push(...rows.map((x) => x.accountNumber));
        }
        expect(got, `${filter} ${sort} ${order}`).toEqual(expected.map((e) => e.n));
      }
    }
  });
});
