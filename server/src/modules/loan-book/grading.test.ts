import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  APPROVAL_TEXT,
  LOAN_GRADING_TEXT as G,
  type LoanClassSettingsView,
  type LoanGrading,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan, loanBookProblems, runLoanBook, repayUpTo } from '../../../test/support/loan-book.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Grading by hand through the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL): a manual
 * downgrade approved by a second person, end of day keeping the grade, the cure after on-time
 * instalments (a missed one resetting the count), and the class buckets as four-eyes data.
 */
describe('loan grading: manual downgrade, cure, class buckets', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let loanId = 0;
  let dues: { n: number; due: string; total: string }[] = [];

  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    (await queryRows<T>(t.app.db, q))[0]!;
  const loan = () =>
    one<{ cls: string; manual: string | null; cured: number; dpd: number }>(
      sql`select loan_class as cls, manual_class as manual, cured_payments as cured, days_past_due as dpd
            from loans where id = ${loanId}`,
    );
  const approve = (who: typeof s.officer, id: string) => s.call('POST', `/api/approvals/${id}/approve`, who);
  /** Pays instalment k in full (what is left of it), as the borrower would before its due date. */
  const payInFull = async (k: number) => {
    const r = await one<{ left: string }>(
      sql`select (principal_due + interest_due + fee_due + penalty_due - principal_paid - interest_paid - fee_paid
                  - penalty_paid)::text as left
            from loan_instalments where loan_id = ${loanId} and instalment_number = ${k}`,
    );
    await repayUpTo(t.app, s, loanId, r.left);
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    loanId = await disbursedLoan(t.app, s);
    dues = (
      await queryRows<{ n: number; due: string; total: string }>(
        t.app.db,
        sql`select instalment_number as n, due_date::text as due,
                   (principal_due + interest_due + fee_due)::text as total
              from loan_instalments where loan_id = ${loanId} order by instalment_number`,
      )
    ).map((r) => ({ ...r, n: Number(r.n) }));
  });
  afterAll(() => t.close());

  it('a downgrade is asked with a reason, refused when not worse or already pending, and approved by a second person', async () => {
    const notWorse = await s.call('POST', `/api/loans/${loanId}/downgrade`, s.officer, {
      loanClass: 'current',
      reason: 'No reason to grade it',
    });
    expect(notWorse.statusCode).toBe(400);
    expect(notWorse.json<{ details: unknown }>().details).toEqual([
      { path: '/loanClass', message: G.notWorse },
    ]);
    const noReason = await s.call('POST', `/api/loans/${loanId}/downgrade`, s.officer, {
      loanClass: 'substandard',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);

    const asked = await s.call('POST', `/api/loans/${loanId}/downgrade`, s.officer, {
      loanClass: 'substandard',
      reason: 'The employer stopped paying salaries',
    });
    expect(asked.statusCode).toBe(202);
    const approvalId = asked.json<{ approvalId: string }>().approvalId;
    const again = await s.call('POST', `/api/loans/${loanId}/downgrade`, s.officer, {
      loanClass: 'doubtful',
      reason: 'Second thoughts on the grade',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: G.pending, details: { approvalId } });
    // Nothing changes until the checker approves.
    expect(await loan()).toMatchObject({ manual: null, cls: 'current' });

    const ok = await approve(s.mgr, approvalId);
    expect(ok.statusCode).toBe(200);
    expect(await loan()).toMatchObject({ manual: 'substandard', cured: 0 });
    const audit = await one<{ details: Record<string, unknown> }>(
      sql`select details from audit_log where action = 'loan.downgrade' and target_id = ${String(loanId)}`,
    );
    expect(audit.details).toMatchObject({
      manualClass: 'substandard',
      reason: 'The employer stopped paying salaries',
      approvedBy: s.mgr.email,
    });
  });

  it('the head of credit asking may not approve their own downgrade', async () => {
    const other = await disbursedLoan(t.app, s);
    const asked = await s.call('POST', `/api/loans/${other}/downgrade`, s.head, {
      loanClass: 'doubtful',
      reason: 'Fraud reported by the employer',
    });
    expect(asked.statusCode).toBe(202);
    const own = await approve(s.head, asked.json<{ approvalId: string }>().approvalId);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: APPROVAL_TEXT.ownRequest });
  });

  it('end of day never grades the loan better than its manual grade', async () => {
    await runLoanBook(t.app, '2026-11-24');
    expect(await loan()).toMatchObject({ cls: 'substandard', dpd: 0, manual: 'substandard' });
    const day = await one<{ cls: string }>(
      sql`select loan_class as cls from loan_daily_status where loan_id = ${loanId} and business_date = '2026-11-24'`,
    );
    expect(day.cls).toBe('substandard');
    // A rerun of the date raises to the same floor and counts nothing twice.
    await runLoanBook(t.app, '2026-11-24');
    expect(await loan()).toMatchObject({ cls: 'substandard', cured: 0 });
    const read = await s.call('GET', `/api/loans/${loanId}/grading`, s.officer);
    expect(read.statusCode).toBe(200);
    expect(read.json<LoanGrading>()).toMatchObject({
      manualClass: 'substandard',
      restructured: false,
      curedPayments: 0,
      curePayments: 3,
      restructurings: [],
    });
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('instalments paid on time count toward the cure, a missed one resets it, the third in a row cures', async () => {
    await payInFull(1);
    await runLoanBook(t.app, dues[0]!.due);
    expect(await loan()).toMatchObject({ cured: 1, cls: 'substandard' });
    // Instalment 2 is not paid by its due date: the count starts again.
    await runLoanBook(t.app, dues[1]!.due);
    expect(await loan()).toMatchObject({ cured: 0, cls: 'substandard' });
    await payInFull(2);
    for (const k of [3, 4]) {
      await payInFull(k);
      await runLoanBook(t.app, dues[k - 1]!.due);
    }
    expect(await loan()).toMatchObject({ cured: 2, manual: 'substandard', cls: 'substandard' });
    await payInFull(5);
    await runLoanBook(t.app, dues[4]!.due);
    expect(await loan()).toMatchObject({ manual: null, cls: 'current', dpd: 0, cured: 0 });
    const cured = await one<{ details: Record<string, unknown> }>(
      sql`select details from audit_log where action = 'loan.grade_cured' and target_id = ${String(loanId)}`,
    );
    expect(cured.details).toMatchObject({ curedPayments: 3, manualClass: 'substandard' });
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('the class buckets: validated whole, changed only when a second product manager approves', async () => {
    const make = async (p: string) => {
      const u = await s.makeStaff('activated', p);
      await setRoles(t.app, u.userId, ['product_manager'], null);
      return u;
    };
    const pm = await make('pm1');
    const pm2 = await make('pm2');
    const read = () => s.call('GET', '/api/loan-classes', pm);
    const before = (await read()).json<LoanClassSettingsView>();
    expect(before.curePayments).toBe(3);
    expect(before.buckets.map((b) => [b.code, b.minDpd, b.maxDpd])).toEqual([
      ['current', 0, 30],
      ['olem', 31, 90],
      ['substandard', 91, 180],
      ['doubtful', 181, 365],
      ['loss', 366, null],
    ]);
    expect((await s.call('GET', '/api/loan-classes', s.officer)).statusCode).toBe(403);
    const buckets = before.buckets.map(({ code, minDpd, maxDpd, performing }) => ({
      code,
      minDpd,
      maxDpd,
      performing,
    }));
    const gap = buckets.map((b) => (b.code === 'olem' ? { ...b, minDpd: 35 } : b));
    const bad = await s.call('POST', '/api/loan-classes/changes', pm, { buckets: gap, curePayments: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: unknown }>().details).toEqual([
      { path: '/buckets/1/minDpd', message: G.contiguous },
    ]);
    const zeroCure = await s.call('POST', '/api/loan-classes/changes', pm, { buckets, curePayments: 0 });
    expect(zeroCure.statusCode).toBe(400);
    const same = await s.call('POST', '/api/loan-classes/changes', pm, { buckets, curePayments: 3 });
    expect(same.statusCode).toBe(400);

    const next = buckets.map((b) =>
      b.code === 'current' ? { ...b, maxDpd: 14 } : b.code === 'olem' ? { ...b, minDpd: 15 } : b,
    );
    const asked = await s.call('POST', '/api/loan-classes/changes', pm, { buckets: next, curePayments: 6 });
    expect(asked.statusCode).toBe(202);
    const approvalId = asked.json<{ approvalId: string }>().approvalId;
    expect((await read()).json<LoanClassSettingsView>()).toMatchObject({
      curePayments: 3,
      pendingApprovalId: approvalId,
    });
    expect((await approve(pm, approvalId)).statusCode).toBe(409);
    expect((await approve(pm2, approvalId)).statusCode).toBe(200);
    const after = (await read()).json<LoanClassSettingsView>();
    expect(after).toMatchObject({ curePayments: 6, pendingApprovalId: null });
    expect(after.buckets.slice(0, 2).map((b) => [b.minDpd, b.maxDpd])).toEqual([
      [0, 14],
      [15, 90],
    ]);
    const audit = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'loan_classes.change'`,
    );
    expect(audit.n).toBe(1);
  });
});
