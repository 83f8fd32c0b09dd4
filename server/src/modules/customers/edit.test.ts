import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CUSTOMER_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { customerStaff, privateCustomer } from '../../../test/support/customers.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

/** Edits (KYC four-eyes, version conflicts), risk override, merge and branch move over HTTP. */
describe('customer edits', () => {
  let t: TestApp;
  let cso: StaffUser, cso2: StaffUser, comp: StaffUser, comp2: StaffUser;
  const call = (who: StaffUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, payload });
  const create = async (over = {}) =>
    (await call(cso, 'POST', '/api/customers', privateCustomer(over))).json().id as number;
  const view = async (id: number) => (await call(comp, 'GET', `/api/customers/${id}/360`)).json();
  const approve = (who: StaffUser, id: string) => call(who, 'POST', `/api/approvals/${id}/approve`, {});

  beforeAll(async () => {
    t = await createTestApp();
    ({ cso, cso2, comp, comp2 } = await customerStaff(t.app));
  });
  afterAll(() => t.close());

  it('applies other fields at once, re-rates risk, and refuses a stale version', async () => {
    const id = await create();
    const res = await call(cso, 'PATCH', `/api/customers/${id}`, {
      version: 1,
      changes: { occupation: 'Gold dealer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: 2,
      risk: { rating: 'medium' },
      details: { occupation: 'Gold dealer' },
    });
    const stale = await call(cso2, 'PATCH', `/api/customers/${id}`, {
      version: 1,
      changes: { occupation: 'Farmer' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(CUSTOMER_TEXT.versionConflict);
    const bad = await call(cso, 'PATCH', `/api/customers/${id}`, { version: 2, changes: { email: 'nope' } });
    expect(bad.json().details).toEqual([{ path: '/changes/email', message: CUSTOMER_TEXT.email }]);
    const unknown = await call(cso, 'PATCH', `/api/customers/${id}`, {
      version: 2,
      changes: { shoeSize: 44 },
    });
    expect(unknown.json().details[0].path).toBe('/changes/shoeSize');
  });

  it('sends KYC fields to a checker, who applies them', async () => {
    const id = await create();
    const res = await call(cso, 'PATCH', `/api/customers/${id}`, {
      version: 1,
      changes: { lastName: 'Sesay', pep: true },
    });
    expect(res.statusCode).toBe(202);
    expect((await view(id)).name).not.toContain('Sesay');
    expect((await approve(comp, res.json().approvalId)).statusCode).toBe(200);
    const after = await view(id);
    expect(after.name).toBe('Fatmata Sesay');
    expect(after.risk).toMatchObject({ rating: 'high', reasons: ['Politically exposed person'] });
    expect(after.kyc.missing).toContain('Enhanced due diligence notes and a review date (high risk)');
  });

  it('a risk override is four-eyes and high needs EDD', async () => {
    const id = await create();
    const noEdd = await call(comp, 'POST', `/api/customers/${id}/risk-override`, {
      rating: 'high',
      reason: 'Adverse media',
    });
    expect(noEdd.json().details).toEqual([{ path: '/eddNotes', message: CUSTOMER_TEXT.eddRequired }]);
    const asked = await call(comp, 'POST', `/api/customers/${id}/risk-override`, {
      rating: 'high',
      reason: 'Adverse media',
      eddNotes: 'Source of wealth checked',
      reviewOn: '2027-06-30',
    });
    expect(asked.statusCode).toBe(202);
    expect((await approve(comp, asked.json().approvalId)).statusCode).toBe(409); // own request
    expect((await approve(comp2, asked.json().approvalId)).statusCode).toBe(200);
    expect((await view(id)).risk).toMatchObject({ rating: 'high', overridden: true });
  });

  it('merges two customers: accounts and contacts move, the merged one points at the survivor', async () => {
    const survivor = await create();
    const { custId: merged } = await openTestAccount(t.app.db);
    await call(cso, 'POST', `/api/customers/${merged}/contacts`, {
      channel: 'call',
      summary: 'Asked about a loan',
      at: '2026-11-20T10:00:00Z',
    });
    const self = await call(cso, 'POST', '/api/customers/merge', {
      survivorId: survivor,
      mergedId: survivor,
      reason: 'Same person',
    });
    expect(self.json().error).toBe(CUSTOMER_TEXT.mergeSelf);
    const asked = await call(cso, 'POST', '/api/customers/merge', {
      survivorId: survivor,
      mergedId: merged,
      reason: 'Same person',
    });
    expect(asked.statusCode).toBe(202);
    expect((await approve(comp, asked.json().approvalId)).statusCode).toBe(200);
    const gone = await view(merged);
    expect([gone.status, gone.mergedInto, gone.accounts]).toEqual(['Closed', survivor, []]);
    // The 360 names each account's product, not only its type.
    expect((await view(survivor)).accounts).toEqual([
      expect.objectContaining({ type: 'Savings', product: 'Test savings', currency: 'SLE' }),
    ]);
    const audit = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_log where action = 'customer.merge' and target_id = ${String(merged)}`,
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('moves a customer to another branch after approval', async () => {
    const id = await create();
    const asked = await call(cso, 'POST', `/api/customers/${id}/branch`, {
      branch: 'T02',
      reason: 'Moved to Bo',
    });
    expect(asked.statusCode).toBe(202);
    expect((await approve(comp, asked.json().approvalId)).statusCode).toBe(200);
    expect((await view(id)).branch).toBe('T02');
    expect((await call(cso, 'GET', `/api/customers/${id}/360`)).statusCode).toBe(403);
  });
});
