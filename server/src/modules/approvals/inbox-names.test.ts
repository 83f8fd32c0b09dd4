import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { approvalListItemSchema, type ApprovalListItem } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { testCustomer } from '../../../test/support/deposit-accounts.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';
import { requestApproval } from './index.ts';

/**
 * The inbox names each subject (computed on the server for the whole page) and shows bank-wide
 * requests whatever branch is chosen; the dashboard's count is the same query's total.
 */
describe('approvals inbox: names and branch scope', () => {
  let t: TestApp;
  let maker: StaffUser, boss: StaffUser, branchChecker: StaffUser, subject: StaffUser;
  let custId: number;
  const ids: Record<string, string> = {};

  const list = async (who: StaffUser, query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/approvals?scope=decide&status=pending${query}`,
      headers: { authorization: who.auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      total: Number(res.headers['x-total-count']),
      rows: res.json<unknown[]>().map((r): ApprovalListItem => approvalListItemSchema.parse(r)),
    };
  };
  const nameOf = (rows: ApprovalListItem[], id: string) => rows.find((r) => r.id === id)?.subjectName;

  beforeAll(async () => {
    t = await createTestApp();
    const s = await staffUsers(t.app);
    maker = await s.make('activated', 'maker');
    subject = await s.make('activated', 'subject');
    branchChecker = await s.make('activated', 'bm');
    boss = await s.make('superuser', 'boss');
    await setRoles(t.app, branchChecker.userId, ['branch_manager'], '001');
    await t.app.db.execute(
      sql`update profiles set full_name = 'Aminata Conteh' where id = ${subject.userId}`,
    );
    custId = await testCustomer(t.app, { status: 'Pending', branch: '001' });
    await t.app.db.execute(sql`update customers set name = 'Fatmata Sesay' where cust_id = ${custId}`);
    const [run] = await queryRows<{ id: string }>(
      t.app.db,
      sql`insert into eod_runs (business_date, next_business_date, month_end, quarter_end, status, requested_by, requested_email)
          values ('2026-11-30', '2026-12-01', true, false, 'awaiting_approval', ${maker.userId}, ${maker.email})
          returning id::text`,
    );
    const m = { id: maker.userId, email: maker.email, ip: null };
    const ask = (
      key: string,
      type: Parameters<typeof requestApproval>[1]['type'],
      subjectType: string,
      subjectId: string,
      branch: string | null,
      after: unknown = {},
    ) =>
      t.app.db.transaction(async (tx) => {
        ids[key] = await requestApproval(tx, {
          type,
          subjectType,
          subjectId,
          command: {},
          after,
          maker: m,
          branch,
        });
      });
    await ask('staff', 'staff.roles', 'staff', subject.userId, null, {
      roles: ['Teller'],
      homeBranch: '010',
    });
    await ask('eod', 'eod.run', 'eod_run', run!.id, null);
    await ask('customer', 'customer.status', 'customer', String(custId), '001');
    await ask('newRole', 'role.create', 'role', 'new', null, { name: 'Loans clerk' });
    await ask('otherBranch', 'customer.status', 'customer', String(custId), '002');
  });
  afterAll(() => t?.close());

  it('names each subject: a staff member, the business date of a run, a customer, a new role', async () => {
    const { rows } = await list(boss, '');
    expect(nameOf(rows, ids.staff!)).toBe('Staff member Aminata Conteh');
    expect(nameOf(rows, ids.eod!)).toBe('End of day for 30 Nov 2026');
    expect(nameOf(rows, ids.customer!)).toBe(`Customer Fatmata Sesay (${String(custId).padStart(6, '0')})`);
    expect(nameOf(rows, ids.newRole!)).toBe('New role Loans clerk');
  });

  it('shows bank-wide requests whatever branch is chosen, to a checker with bank-wide rights', async () => {
    const { rows, total } = await list(boss, '&branch=001');
    const shown = rows.map((r) => r.id);
    expect(shown).toEqual(expect.arrayContaining([ids.staff, ids.eod, ids.customer, ids.newRole]));
    expect(shown).not.toContain(ids.otherBranch);
    expect(total).toBe(rows.length);
  });

  it('keeps a branch checker to the branch requests of their branch (no bank-wide ones)', async () => {
    const { rows } = await list(branchChecker, '&branch=001');
    expect(rows.map((r) => r.id)).toEqual([ids.customer]);
  });

  it('opens one request by id, for its maker too (the link in the maker’s confirmation)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/approvals?scope=all&id=${ids.eod}`,
      headers: { authorization: maker.auth },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json<ApprovalListItem[]>();
    expect(rows.map((r) => [r.id, r.subjectName])).toEqual([[ids.eod, 'End of day for 30 Nov 2026']]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/approvals?scope=all&id=not-a-uuid',
      headers: { authorization: maker.auth },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('id');
  });
});
