import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/harness.ts';
import { approve, call, ledgerViolations, paymentsScene } from '../../../../test/support/payments.ts';
import { setRoles } from '../../../../test/support/roles.ts';
import { queryRows } from '../../../db/rows.ts';

/**
 * Role limits apply to manual journals too: a manual journal over the maker's limit becomes a four-eyes
 * request.
 */
describe('manual journals over the maker’s limit', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof paymentsScene>>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    s = await paymentsScene(t.app);
    // These journals touch only bank-wide GL accounts (no branch): their checker must work in every
    // branch, which the Officer role adds (branches.all) to the supervisor's journal.approve.
    await setRoles(t.app, s.supervisor.userId, ['supervisor', 'officer'], 'T01');
  });
  afterAll(() => t.close());

  const journal = (amount: string, reference = `MJ-${++n}`) => ({
    narration: 'Fund BSL from suspense',
    reference,
    lines: [
      { gl_code: '1030', currency: 'SLE', side: 'debit', amount },
      { gl_code: '1900', currency: 'SLE', side: 'credit', amount },
    ],
  });
  const entries = async (reference: string) =>
    (await queryRows(t.app.db, sql`select id from journal_entries where reference = ${reference}`)).length;

  it('posts within the limit, asks for approval above it (replayable), and posts once when approved', async () => {
    expect((await call(t.app, s.officer, 'POST', '/api/journal-entries', journal('50000'))).statusCode).toBe(
      201,
    );
    const body = journal('50000.01');
    const asked = await call(t.app, s.officer, 'POST', '/api/journal-entries', body);
    expect(asked.statusCode, asked.body).toBe(202);
    const { approvalId } = asked.json();
    expect((await call(t.app, s.officer, 'POST', '/api/journal-entries', body)).json()).toEqual({
      approvalId,
    });
    expect(await entries(body.reference)).toBe(0);
    const list = await call(t.app, s.supervisor, 'GET', '/api/approvals?type=journal.manual');
    expect(list.json()[0]).toMatchObject({ id: approvalId, amount: '50000.01', currency: 'SLE' });
    expect((await approve(t.app, s.supervisor, approvalId)).statusCode).toBe(200);
    expect(await entries(body.reference)).toBe(1);
    // A replay still answers its first result, and posts nothing more.
    expect((await call(t.app, s.officer, 'POST', '/api/journal-entries', body)).json()).toEqual({
      approvalId,
    });
    expect(await entries(body.reference)).toBe(1);
  });

  it('a journal refused at approval (a closed GL account by then) leaves the request pending with the code', async () => {
    const body = journal('60000');
    const asked = await call(t.app, s.officer, 'POST', '/api/journal-entries', body);
    await t.app.db.execute(sql`update gl_accounts set status = 'closed' where code = '1030'`);
    const r = await approve(t.app, s.supervisor, asked.json().approvalId);
    expect([r.statusCode, r.json().details.code]).toEqual([409, 'gl_account_not_postable']);
    await t.app.db.execute(sql`update gl_accounts set status = 'active' where code = '1030'`);
    expect((await approve(t.app, s.supervisor, asked.json().approvalId)).statusCode).toBe(200);
    expect(await ledgerViolations(t.app)).toEqual([]);
  });
});
