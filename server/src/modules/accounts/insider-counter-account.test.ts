import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEED_ROLES } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { accountBalance, openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';
import { postTransaction } from '../ledger/index.ts';

const HO = '001';
const BO = '002';
/** The bank's money a customer must never be credited from by naming it as the other side. */
const BANK_MONEY = ['1010', `1020-${HO}`, `1010-${BO}`, '3010', '4020'];

/**
 * Insiders with journal.post tried to credit a customer straight from the bank's own GL accounts (the
 * head office vault, a till's cash, Bo's vault, share capital, fee income). Every attempt is refused
 * with a 4xx, and no balance, customer or GL, moves.
 */
describe('account postings take no money from cash, vault, equity or income GL accounts', () => {
  let t: TestApp;
  let teller: StaffUser, officer: StaffUser, boSupervisor: StaffUser, accountant: StaffUser;
  const number = { ho: '', bo: '' };
  const id = { ho: 0, bo: 0 };
  let n = 0;

  const post = (who: StaffUser, account: string, counter: string, amount = '19999.99') =>
    t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account}/transactions`,
      headers: { authorization: who.auth },
      payload: {
        direction: 'credit',
        amount,
        description: 'Cash deposit',
        reference: `INSIDER-${++n}`,
        counter_account: counter,
      },
    });
  const glBalances = () =>
    queryRows(t.app.db, sql`select gl_code, currency, balance::text from gl_balances() order by 1, 2`);
  const entries = async () =>
    (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from journal_entries`))[0]!.n;
  const approvals = async () =>
    (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from approval_requests`))[0]!.n;

  async function accountAt(branch: string) {
    const { accountId, custId } = await openTestAccount(t.app.db);
    await t.app.db.execute(sql`update customers set branch_code = ${branch} where cust_id = ${custId}`);
    await t.app.db.execute(sql`update accounts set branch_code = ${branch} where id = ${accountId}`);
    const [a] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select account_number as n from accounts where id = ${accountId}`,
    );
    return { accountId, number: a!.n };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.execute(sql`insert into branches (code, name, town)
      values (${HO}, 'Head Office', 'Freetown'), (${BO}, 'Bo', 'Bo') on conflict do nothing`);
    const s = await staffUsers(t.app);
    [teller, officer, boSupervisor, accountant] = (await Promise.all(
      ['teller', 'officer', 'bosup', 'acct'].map((p) => s.make('activated', p)),
    )) as [StaffUser, StaffUser, StaffUser, StaffUser];
    await setRoles(t.app, teller.userId, ['teller'], HO);
    await setRoles(t.app, officer.userId, ['officer'], HO);
    await setRoles(t.app, boSupervisor.userId, ['supervisor'], BO);
    await setRoles(t.app, accountant.userId, ['accountant'], HO);
    const ho = await accountAt(HO);
    const bo = await accountAt(BO);
    [number.ho, number.bo, id.ho, id.bo] = [ho.number, bo.number, ho.accountId, bo.accountId];
  });
  afterAll(() => t.close());

  it('the seeded Teller role has no journal.post, in the contracts and in the database', async () => {
    const seeded = SEED_ROLES.find((r) => r.key === 'teller')!;
    expect(seeded.permissions).not.toContain('journal.post');
    const rows = await queryRows<{ permission: string }>(
      t.app.db,
      sql`select permission from role_permissions p join roles r on r.id = p.role_id
          where r.key = 'teller' and permission = 'journal.post'`,
    );
    expect(rows).toEqual([]);
  });

  it('a teller, an officer and a Bo supervisor are each refused every bank GL account', async () => {
    const gl = await glBalances();
    const made = await entries();
    const attackers: [StaffUser, string][] = [
      [teller, number.ho],
      [officer, number.ho],
      [officer, number.bo],
      [boSupervisor, number.bo],
    ];
    for (const [who, account] of attackers)
      for (const counter of BANK_MONEY) {
        const res = await post(who, account, counter);
        expect(res.statusCode, `${who.email} from ${counter}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${who.email} from ${counter}`).toBeLessThan(500);
        expect(res.json().error).toBeTruthy();
        if (who !== teller) {
          expect(res.statusCode).toBe(409);
          expect(res.json().details).toMatchObject({
            code: 'gl_account_not_postable',
            field: 'counter_account',
          });
          expect(res.json().error).toContain(counter);
        } else expect(res.statusCode).toBe(403);
      }
    expect(await accountBalance(t.app.db, id.ho)).toBe('0.00');
    expect(await accountBalance(t.app.db, id.bo)).toBe('0.00');
    expect(await glBalances()).toEqual(gl);
    expect(await entries()).toBe(made);
  });

  it('an amount over the limit is refused at once, not sent to a checker', async () => {
    const asked = await approvals();
    const res = await post(officer, number.ho, '1010', '60000.00');
    expect(res.statusCode).toBe(409);
    expect(res.json().details.code).toBe('gl_account_not_postable');
    expect(await approvals()).toBe(asked);
  });

  it('the database refuses the line whatever the caller (an approved request included)', async () => {
    for (const counter of BANK_MONEY)
      await expect(
        postTransaction(t.app.db, {
          accountId: id.ho,
          direction: 'credit',
          amount: '1.00',
          description: 'Straight to the ledger',
          counterGlCode: counter,
        }),
        counter,
      ).rejects.toMatchObject({ code: 'gl_account_not_postable' });
    expect(await accountBalance(t.app.db, id.ho)).toBe('0.00');
  });

  it('suspense still works as the other side of a posting', async () => {
    const res = await post(officer, number.ho, '1900', '10.00');
    expect(res.statusCode).toBe(201);
    expect(await accountBalance(t.app.db, id.ho)).toBe('10.00');
  });

  it('a manual journal touches neither cash, vault, till nor share capital', async () => {
    const gl = await glBalances();
    for (const counter of ['1010', `1020-${HO}`, `1010-${BO}`, '3010']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/journal-entries',
        headers: { authorization: accountant.auth },
        payload: {
          narration: 'Move to suspense',
          reference: `INSIDER-MJ-${++n}`,
          lines: [
            { gl_code: '1900', currency: 'SLE', side: 'debit', amount: '19999.99' },
            { gl_code: counter, currency: 'SLE', side: 'credit', amount: '19999.99' },
          ],
        },
      });
      expect(res.statusCode, counter).toBe(409);
      expect(res.json().details.code).toBe('gl_account_not_postable');
    }
    expect(await glBalances()).toEqual(gl);
  });
});
