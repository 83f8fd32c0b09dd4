import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRoles } from '../../../test/support/roles.ts';
import { AUDIT_CSV_COLUMNS } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { writeAudit } from '../audit/index.ts';
import { createSubscriber } from '../../../test/support/subscribers.ts';
import { auditBatches, auditExtent } from './audit-repository.ts';
import { adminClient } from '../../../test/support/admin-support.ts';

type Row = {
  id: number;
  action: string;
  actorId: string | null;
  targetId: string | null;
  outcome: string;
  occurredAt: string;
};

describe('audit trail API', () => {
  let t: TestApp;
  let make: Awaited<ReturnType<typeof staffUsers>>['make'];
  let root: StaffUser;
  let c: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    t = await createTestApp({ auditExportMaxRows: 1000 });
    ({ make } = await staffUsers(t.app));
    c = adminClient(t.app);
    root = await make('superuser', 'root');
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await c.get(`/api/admin/audit?${query}`, root.auth);
    expect(res.statusCode, query).toBe(200);
    return { total: Number(res.headers['x-total-count']), rows: res.json<Row[]>() };
  };

  it("records the earlier issues' actions and this one's: sign-in, activation, subscription change, account view", async () => {
    const clerk = await make('pending', 'clerk');
    expect((await c.signIn(clerk.email)).statusCode).toBe(200);
    expect((await c.act(clerk.userId, 'approve', root.auth)).statusCode).toBe(200);
    // Activation grants no role; the Officer role comes from an approved role change, set here directly.
    await setRoles(t.app, clerk.userId, ['officer']);
    const s = await createSubscriber(t.db.db, { name: 'Audit Kamara', mobile: '+23276555001' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/registered-users/${s.custId}/subscription`,
      headers: { authorization: clerk.auth },
      payload: { mobile_no: '+23277555002', pay_acct: s.accountNumber, mb_sub: false, version: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await c.get(`/api/accounts/${s.accountNumber}`, clerk.auth)).statusCode).toBe(200);

    const byClerk = await list(`actor=${clerk.userId}&pageSize=100`);
    expect(byClerk.rows.map((r) => r.action).sort()).toEqual(
      ['account.view', 'auth.sign_in', 'auth.sign_up', 'mobile_banking.subscription_saved'].sort(),
    );
    const aboutClerk = await list(`target=${clerk.userId}&action=staff.approve`);
    expect(aboutClerk.rows).toMatchObject([
      { action: 'staff.approve', actorId: root.userId, outcome: 'success' },
    ]);
    // Names, not ids, so a reader knows who without a lookup: the sign-up's full name, "Test root <n>".
    expect((aboutClerk.rows[0] as Row & { actorName: string }).actorName).toMatch(/^Test root \d+$/);
    // The person acted on, by name too.
    expect((aboutClerk.rows[0] as Row & { targetName: string }).targetName).toMatch(/^Test clerk \d+$/);
    const detail = await c.get(`/api/admin/audit/${aboutClerk.rows[0]!.id}`, root.auth);
    expect(detail.json<{ actorName: string }>().actorName).toMatch(/^Test root \d+$/);
  });

  it('pages newest first and filters by actor (id or e-mail), action (name or area prefix), target, outcome and dates', async () => {
    const all = await list('pageSize=100');
    expect(all.total).toBe(all.rows.length);
    expect(all.rows.map((r) => r.id)).toEqual([...all.rows.map((r) => r.id)].sort((a, b) => b - a));
    const page2 = await list('pageSize=2&page=2');
    expect(page2.rows.map((r) => r.id)).toEqual(all.rows.slice(2, 4).map((r) => r.id));
    expect(page2.total).toBe(all.total);

    expect(
      (await list(`actor=${root.email.slice(0, 8).toUpperCase()}`)).rows.every(
        (r) => r.actorId === root.userId,
      ),
    ).toBe(true);
    expect((await list('actor=%25')).total).toBe(0);
    const auth = await list('action=auth.&pageSize=100');
    expect(auth.total).toBeGreaterThan(0);
    expect(auth.rows.every((r) => r.action.startsWith('auth.'))).toBe(true);
    expect((await list('action=auth')).total).toBe(0);
    expect((await list('action=auth.sign_in')).rows.every((r) => r.action === 'auth.sign_in')).toBe(true);
    expect((await list('outcome=failure')).total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await list('to=2020-01-01')).total).toBe(0);
    const newest = all.rows[0]!;
    expect((await list(`from=${encodeURIComponent(newest.occurredAt)}`)).rows.map((r) => r.id)).toEqual([
      newest.id,
    ]);
    expect((await list(`to=${encodeURIComponent(newest.occurredAt)}`)).total).toBe(all.total - 1);
    for (const bad of ['outcome=maybe', 'from=yesterday', 'to=2026-13-01', 'pageSize=1000', 'page=0']) {
      expect((await c.get(`/api/admin/audit?${bad}`, root.auth)).statusCode, bad).toBe(400);
    }
  });

  it('shows one row with its details (before/after) and hashes; 404 for an unknown id', async () => {
    const [approve] = (await list('action=staff.approve')).rows;
    const res = await c.get(`/api/admin/audit/${approve!.id}`, root.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: approve!.id,
      details: { before: { status: 'pending' }, after: { status: 'active' } },
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      // Empty for the first row of its chain (decision 0020: eight chains).
      prevHash: expect.stringMatching(/^([0-9a-f]{64})?$/),
    });
    expect((await c.get('/api/admin/audit/999999', root.auth)).statusCode).toBe(404);
    expect((await c.get('/api/admin/audit/abc', root.auth)).statusCode).toBe(400);
  });

  it('exports the filtered rows as CSV with formula injection neutralised, and audits the export', async () => {
    await writeAudit(t.db.db, {
      action: 'test.csv',
      outcome: 'failure',
      actorEmail: '=HYPERLINK("http://x")',
      targetId: '+1',
      details: { note: 'a,b' },
    });
    const res = await c.get('/api/admin/audit/export?action=test.csv', root.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(`,'+1,failure,`);
    expect(lines[1]).toContain(`"{""note"":""a,b""}"`);

    const full = await c.get('/api/admin/audit/export', root.auth);
    const total = Number(full.headers['x-total-count']);
    expect(full.body.trimEnd().split('\r\n')).toHaveLength(total + 1);
    expect((await list('action=audit.export')).rows[0]).toMatchObject({ actorId: root.userId });

    // Large exports are read in keyset batches, up to the newest row counted.
    const { maxId } = await auditExtent(t.db.db, {});
    const batched: number[] = [];
    for await (const b of auditBatches(t.db.db, {}, maxId, 3)) batched.push(...b.map((r) => r.id));
    const listed = (await list('pageSize=100')).rows.map((r) => r.id).filter((id) => id <= maxId);
    expect(batched).toEqual(listed);
  });

  it('takes dates at the ends of the calendar (the day after 9999-12-31 was a 500)', async () => {
    for (const q of [
      'to=9999-12-31',
      'from=0000-01-01',
      'to=9999-12-31T23:00:00-05:00',
      'from=9999-12-31T23:30:00-01:00',
    ]) {
      expect((await c.get(`/api/admin/audit?${q}`, root.auth)).statusCode, q).toBe(200);
      expect((await c.get(`/api/admin/audit/export?${q}`, root.auth)).statusCode, q).toBe(200);
    }
    expect((await list('from=9999-12-31T23:30:00-01:00')).total).toBe(0);
  });

  it('refuses an export above the limit with a clear 400', async () => {
    for (let i = 0; i < 3; i++) await writeAudit(t.db.db, { action: 'test.bulk', outcome: 'success' });
    const limited = await createTestApp({ auditExportMaxRows: 2 });
    try {
      const su = await (await staffUsers(limited.app)).make('superuser', 'limit');
      for (let i = 0; i < 3; i++)
        await writeAudit(limited.db.db, { action: 'test.bulk', outcome: 'success' });
      const res = await limited.app.inject({
        url: '/api/admin/audit/export?action=test.bulk',
        headers: { authorization: su.auth },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'These filters match 3 audit rows; narrow them (for example the date range) to at most 2.',
        details: { total: 3, limit: 2 },
      });
    } finally {
      await limited.close();
    }
  });
});
