import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_TEXT, CUSTOMER_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { customerStaff, giveDocuments, privateCustomer } from '../../../test/support/customers.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../db/rows.ts';

/** The customer lifecycle over HTTP: transitions, four-eyes with two people, audit with reasons. */
describe('POST /api/customers/:custId/status', () => {
  let t: TestApp;
  let cso: StaffUser, comp: StaffUser, comp2: StaffUser, away: StaffUser;
  const call = (who: StaffUser, url: string, payload?: object) =>
    t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: { authorization: who.auth }, payload });
  const status = (who: StaffUser, id: number, action: string, reason = 'Checked the file') =>
    call(who, `/api/customers/${id}/status`, { action, reason });
  const create = async () => (await call(cso, '/api/customers', privateCustomer())).json().id as number;
  const view = async (id: number) => (await call(comp, `/api/customers/${id}/360`)).json();

  beforeAll(async () => {
    t = await createTestApp();
    ({ cso, comp, comp2, away } = await customerStaff(t.app));
  });
  afterAll(() => t.close());

  it('activation needs complete KYC, then a checker other than the maker', async () => {
    const id = await create();
    const early = await status(cso, id, 'activate');
    expect(early.statusCode).toBe(409);
    expect(early.json().details.missing).toEqual(['Photo', 'ID scan', 'Specimen signature']);
    await giveDocuments(t.app, id);
    const asked = await status(cso, id, 'activate', 'All documents seen');
    expect(asked.statusCode).toBe(202);
    const { approvalId } = asked.json();
    expect((await view(id)).pendingApprovals).toEqual([
      { id: approvalId, type: 'customer.status', makerEmail: cso.email },
    ]);
    // The maker cannot decide (no approvals.decide); a Compliance Officer can.
    expect((await call(cso, `/api/approvals/${approvalId}/approve`, {})).statusCode).toBe(403);
    const ok = await call(comp, `/api/approvals/${approvalId}/approve`, {});
    expect(ok.statusCode).toBe(200);
    const after = await view(id);
    expect([after.status, after.kyc.complete, after.version]).toEqual(['Active', true, 2]);
    const audit = await queryRows<{
      action: string;
      actor_email: string;
      details: { approvedBy?: string; reason?: string };
    }>(
      t.app.db,
      sql`select action, actor_email, details from audit_log where target_id = ${String(id)} and action = 'customer.status'`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        actor_email: cso.email,
        details: expect.objectContaining({ approvedBy: comp.email, reason: 'All documents seen' }),
      }),
    ]);
  });

  it('a checker never approves their own request', async () => {
    const id = await create();
    await giveDocuments(t.app, id);
    // A Compliance Officer who also keeps customers asks, then tries to approve it themselves.
    await t.app.db.execute(
      sql`insert into staff_roles (user_id, role_id) select ${comp2.userId}, id from roles where key = 'cso'`,
    );
    const asked = await status(comp2, id, 'activate');
    expect(asked.statusCode).toBe(202);
    const own = await call(comp2, `/api/approvals/${asked.json().approvalId}/approve`, {});
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(APPROVAL_TEXT.ownRequest);
    expect((await view(id)).status).toBe('Pending');
  });

  it('refuses actions whose `from` does not hold, and applies direct ones with their audit', async () => {
    const id = await create();
    const bad = await status(comp, id, 'block');
    expect(bad.statusCode).toBe(409);
    expect(bad.json().error).toBe(CUSTOMER_TEXT.transition('block', 'Pending'));
    await t.app.db.execute(sql`update customers set status = 'Active' where cust_id = ${id}`);
    expect((await status(cso, id, 'block')).statusCode).toBe(403); // block needs customers.approve
    const blocked = await status(comp, id, 'block', 'Compliance hold');
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().status).toBe('Blocked');
    expect((await status(comp, id, 'unblock')).statusCode).toBe(403); // four-eyes: asked by a keeper
    expect((await status(cso, id, 'unblock')).statusCode).toBe(202);
  });

  it('close refuses while an account is open; another branch is refused', async () => {
    const { custId } = await openTestAccount(t.app.db);
    const res = await status(cso, custId, 'close');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(CUSTOMER_TEXT.openAccounts);
    const id = await create();
    expect((await status(away, id, 'close')).statusCode).toBe(403);
    expect((await status(cso, id, 'close', 'Customer left')).statusCode).toBe(202);
  });
});
