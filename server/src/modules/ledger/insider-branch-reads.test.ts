import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { depositScene } from '../../../test/support/deposit-accounts.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { setRoles } from '../../../test/support/roles.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { cashAccount } from '../../../test/support/teller.ts';
import { queryRows } from '../../db/rows.ts';

const HO = '001';
const BO = '010';

/**
 * A Bo Branch Manager and a Bo Accountant, without `branches.all`, read Head Office's ledger through
 * the journal routes, which an HO account's own history refuses them: the journal list filtered by an
 * HO account or HO's teller cash, the unfiltered list, an HO entry, and the legs of a Bo posting
 * whose other side is an HO account.
 */
describe('ledger reads keep to the caller’s branch', () => {
  let t: TestApp;
  let manager: StaffUser, accountant: StaffUser, auditor: StaffUser;
  let ho: { id: number; number: string }, bo: { id: number; number: string };
  let hoEntry = '',
    boEntry = '',
    crossEntry = '',
    crossTx = '';

  const get = (who: StaffUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: who.auth } });
  const listed = async (who: StaffUser, query = '') => {
    const res = await get(who, `/api/journal-entries?pageSize=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }[]>().map((e) => e.id);
  };
  const refused = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(403);
    expect((res.json() as { details: unknown }).details).toEqual({ permission: 'branches.all' });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const scene = await depositScene(t.app);
    [manager, accountant, auditor] = (await Promise.all(
      ['bomgr', 'boacct', 'auditor'].map((p) => scene.makeStaff('activated', p)),
    )) as [StaffUser, StaffUser, StaffUser];
    await setRoles(t.app, manager.userId, ['branch_manager'], BO);
    await setRoles(t.app, accountant.userId, ['accountant'], BO);
    await setRoles(t.app, auditor.userId, ['auditor'], HO);
    ho = await cashAccount(t.app, { branch: HO });
    bo = await cashAccount(t.app, { branch: BO });
    hoEntry = String(
      await postTestEntry(t.app.db, [
        { accountId: ho.id, side: 'credit', amount: '900000.00' },
        { gl: `1020-${HO}`, side: 'debit', amount: '900000.00', currency: 'SLE' },
      ]),
    );
    boEntry = String(
      await postTestEntry(t.app.db, [
        { accountId: bo.id, side: 'credit', amount: '500.00' },
        { gl: '1900', side: 'debit', amount: '500.00', currency: 'SLE' },
      ]),
    );
    crossEntry = String(
      await postTestEntry(t.app.db, [
        { accountId: ho.id, side: 'debit', amount: '250.00' },
        { accountId: bo.id, side: 'credit', amount: '250.00' },
      ]),
    );
    const [tx] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id::text as id from transactions where entry_id = ${crossEntry} and account_id = ${bo.id}`,
    );
    crossTx = tx!.id;
  });
  afterAll(() => t.close());

  it('an HO account’s history is refused them (the rule the journal routes must follow)', async () => {
    for (const who of [manager, accountant])
      refused(await get(who, `/api/accounts/${ho.number}/transactions`));
  });

  it('the journal list filtered by an HO account or HO’s teller cash is 403', async () => {
    for (const who of [manager, accountant]) {
      refused(await get(who, `/api/journal-entries?account=${ho.number}`));
      refused(await get(who, `/api/journal-entries?account=1020-${HO}`));
    }
    // Their own account: its entries, except the one whose other side is in HO.
    expect(await listed(manager, `&account=${bo.number}`)).toEqual([boEntry]);
  });

  it('the unfiltered list leaves out every entry with a line in another branch', async () => {
    for (const who of [manager, accountant]) {
      const ids = await listed(who);
      expect(ids).toContain(boEntry);
      expect(ids).not.toContain(hoEntry);
      expect(ids).not.toContain(crossEntry);
    }
    // A reader in every branch sees them all.
    expect(await listed(auditor)).toEqual(expect.arrayContaining([hoEntry, boEntry, crossEntry]));
  });

  it('an HO entry, or one that touches HO, is 403 in detail; a Bo entry is shown', async () => {
    for (const who of [manager, accountant]) {
      refused(await get(who, `/api/journal-entries/${hoEntry}`));
      refused(await get(who, `/api/journal-entries/${crossEntry}`));
      expect((await get(who, `/api/journal-entries/${boEntry}`)).statusCode).toBe(200);
    }
    expect((await get(auditor, `/api/journal-entries/${hoEntry}`)).statusCode).toBe(200);
  });

  it('the legs of a Bo posting whose other side is an HO account are 403, audited as denied', async () => {
    refused(await get(manager, `/api/accounts/${bo.number}/transactions/${crossTx}/legs`));
    const [audit] = await queryRows<{ outcome: string; reason: string }>(
      t.app.db,
      sql`select outcome, details->>'reason' as reason from audit_log
          where action = 'account.view_legs' and actor_id = ${manager.userId}::uuid order by id desc limit 1`,
    );
    expect(audit).toEqual({ outcome: 'denied', reason: 'other_branch' });
    expect((await get(auditor, `/api/accounts/${bo.number}/transactions/${crossTx}/legs`)).statusCode).toBe(
      200,
    );
  });
});
