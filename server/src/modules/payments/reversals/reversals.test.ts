import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/harness.ts';
import {
  approve,
  balanceOf,
  call,
  fundedAccount,
  ledgerViolations,
  paymentsScene,
} from '../../../../test/support/payments.ts';
import { queryRows } from '../../../db/rows.ts';

/** A reversal is a new journal, asked with a reason, posted only when a second person approves. */
describe('reversals: always four-eyes, never twice, never of a reversal', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof paymentsScene>>;
  let a = '';
  let b = '';
  let n = 0;
  const ref = () => `REV-T-${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    s = await paymentsScene(t.app);
    a = await fundedAccount(t.app, s.boss, { balance: '1000' });
    b = await fundedAccount(t.app, s.boss);
  });
  afterAll(() => t.close());

  const transfer = async (amount: string) => {
    const r = await call(t.app, s.officer, 'POST', '/api/transfers', {
      from_account: a,
      to_account: b,
      amount,
      narration: 'Paid the wrong account',
      reference: ref(),
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as string;
  };
  const reverse = (who: typeof s.officer, id: string, body: object = {}) =>
    call(t.app, who, 'POST', `/api/journal-entries/${id}/reversal`, {
      reason: 'Wrong account',
      reference: ref(),
      ...body,
    });

  it('asks (202), changes nothing until a second person approves, then posts the mirror entry with the reason audited', async () => {
    const id = await transfer('100');
    const asked = await reverse(s.supervisor, id);
    expect(asked.statusCode, asked.body).toBe(202);
    expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual(['900.00', '100.00']);
    const own = await approve(t.app, s.supervisor, asked.json().approvalId);
    expect([own.statusCode, own.json().details]).toEqual([409, { code: 'own_request' }]);
    const ok = await approve(t.app, s.manager, asked.json().approvalId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect([await balanceOf(t.app, a), await balanceOf(t.app, b)]).toEqual(['1000.00', '0.00']);
    const entry = (await call(t.app, s.officer, 'GET', `/api/journal-entries/${id}`)).json();
    const reversal = (
      await call(t.app, s.officer, 'GET', `/api/journal-entries/${entry.reversed_by}`)
    ).json();
    expect(reversal).toMatchObject({ source: 'reversal', reversal_of: id, maker_email: s.supervisor.email });
    const [audit] = await queryRows<{ d: Record<string, string> }>(
      t.app.db,
      sql`select details as d from audit_log where action = 'ledger.reverse' and outcome = 'success'`,
    );
    expect(audit!.d).toMatchObject({
      reason: 'Wrong account',
      approvedBy: s.manager.email,
      entryId: Number(reversal.id),
    });
  });

  it('refuses a second reversal, a reversal of a reversal, and a request while one waits (409 with codes)', async () => {
    const id = await transfer('10');
    const first = await reverse(s.supervisor, id);
    const waiting = await reverse(s.officer, id);
    expect([waiting.statusCode, waiting.json().details]).toEqual([
      409,
      { code: 'reversal_pending', approvalId: first.json().approvalId },
    ]);
    await approve(t.app, s.manager, first.json().approvalId);
    const twice = await reverse(s.officer, id);
    expect([twice.statusCode, twice.json().details.code]).toEqual([409, 'already_reversed']);
    const reversalId = (await call(t.app, s.officer, 'GET', `/api/journal-entries/${id}`)).json()
      .reversed_by as string;
    const ofReversal = await reverse(s.officer, reversalId);
    expect([ofReversal.statusCode, ofReversal.json().details]).toEqual([
      409,
      { code: 'reversal_of_reversal' },
    ]);
    const audits = await queryRows<{ reason: string }>(
      t.app.db,
      sql`select details->>'reason' as reason from audit_log where action = 'ledger.reverse' and outcome = 'failure' order by id`,
    );
    expect(audits.map((x) => x.reason)).toEqual([
      'reversal_pending',
      'already_reversed',
      'reversal_of_reversal',
    ]);
  });

  it('is idempotent by reference: the same request answers the same approval, another entry with it is a conflict', async () => {
    const id = await transfer('5');
    const body = { reference: ref() };
    const first = await reverse(s.officer, id, body);
    expect((await reverse(s.officer, id, body)).json()).toEqual(first.json());
    const other = await transfer('6');
    const clash = await reverse(s.officer, other, body);
    expect([clash.statusCode, clash.json().details]).toEqual([409, { code: 'reference_conflict' }]);
    expect(
      (await queryRows(t.app.db, sql`select id from approval_requests where reference = ${body.reference}`))
        .length,
    ).toBe(1);
  });

  it('after a rejection the entry may be asked for again; the approval refuses what the ledger refuses', async () => {
    const id = await transfer('50');
    const first = await reverse(s.officer, id);
    const rejected = await call(
      t.app,
      s.manager,
      'POST',
      `/api/approvals/${first.json().approvalId}/reject`,
      { reason: 'Not wrong' },
    );
    expect(rejected.statusCode).toBe(200);
    const again = await reverse(s.officer, id);
    expect(again.statusCode).toBe(202);
    // The payee spent the money meanwhile: reversing would overdraw, so the approval is refused.
    await call(t.app, s.boss, 'POST', '/api/transfers', {
      from_account: b,
      to_account: a,
      amount: '50',
      narration: 'Spent',
      reference: ref(),
    });
    const refused = await approve(t.app, s.manager, again.json().approvalId);
    expect([refused.statusCode, refused.json().details.code]).toEqual([409, 'insufficient_funds']);
    const pending = await call(t.app, s.manager, 'GET', `/api/approvals?type=posting.reversal`);
    expect(pending.json().map((x: { id: string }) => x.id)).toContain(again.json().approvalId);
  });

  it('needs a reason, the permission and the branch; 404 for no such entry', async () => {
    const id = await transfer('1');
    const noReason = await call(t.app, s.officer, 'POST', `/api/journal-entries/${id}/reversal`, {
      reference: ref(),
    });
    expect([noReason.statusCode, noReason.json().details[0].path]).toEqual([400, '/reason']);
    expect((await reverse(s.accountant, id)).statusCode).toBe(403); // accountants do not reverse
    const away = await reverse(s.away, id);
    expect([away.statusCode, away.json().details]).toEqual([403, { permission: 'branches.all' }]);
    expect((await reverse(s.officer, '999999')).statusCode).toBe(404);
  });

  it('leaves every ledger invariant intact', async () => {
    expect(await ledgerViolations(t.app)).toEqual([]);
  });
});
