import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOAN_APPLICATION_TEXT as T, TOTAL_COUNT_HEADER } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { borrower, loanScene, salaryLoan } from '../../../test/support/loan-applications.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

/** The lifecycle over HTTP: draft, edit, submit, appraise, approve by authority; reject, withdraw. */
describe('loan applications: lifecycle', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  const draft = async (who: StaffUser, body: unknown) => {
    const res = await s.call('POST', '/api/loan-applications', who, body);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json().application.id as number;
  };
  const act = (who: StaffUser, id: number, action: string, body?: unknown) =>
    s.call('POST', `/api/loan-applications/${id}/${action}`, who, body ?? {});
  const appraise = (who: StaffUser, id: number, over: object = {}) =>
    act(who, id, 'appraise', { recommendation: 'approve', notes: 'Steady salary, no arrears.', ...over });
  const approve = (who: StaffUser, approvalId: string) =>
    s.call('POST', `/api/approvals/${approvalId}/approve`, who);
  /** Submitted and appraised; returns the id and the approval request. */
  const appraised = async (who: StaffUser, body: unknown, over: object = {}) => {
    const id = await draft(who, body);
    expect((await act(who, id, 'submit')).statusCode).toBe(200);
    const res = await appraise(who, id, over);
    expect(res.statusCode).toBe(200);
    return { id, approvalId: res.json().approvalId as string };
  };
  const approvalType = async (id: string) =>
    (
      await queryRows<{ type: string }>(
        t.app.db,
        sql`select type from approval_requests where id = ${id}::uuid`,
      )
    )[0]!.type;

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
  });
  afterAll(() => t.close());

  it('draft → edit → submit → appraise → approved by the Branch Manager; every step in history and audit', async () => {
    const b = await borrower(t.app);
    const created = await s.call(
      'POST',
      '/api/loan-applications',
      s.officer,
      salaryLoan(b, { amount: '15000' }),
    );
    expect(created.statusCode).toBe(201);
    const app0 = created.json().application;
    expect(app0).toMatchObject({ status: 'Draft', amount: '15000.00', rate: '24.0000', productVersion: 1 });
    const id = app0.id as number;

    const edited = await s.call('PUT', `/api/loan-applications/${id}`, s.officer, salaryLoan(b));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().application.amount).toBe('20000.00');
    expect((await act(s.officer, id, 'submit')).json().application.status).toBe('Submitted');

    const facts = await s.call('GET', `/api/loan-applications/${id}/appraisal`, s.officer);
    expect(facts.statusCode).toBe(200);
    const f = facts.json();
    expect(f.schedule.emi).toBe('1891.19');
    expect(f.schedule.instalments).toHaveLength(12);
    expect(f.dsr).toMatchObject({ max: '40.00', over: false });
    expect(f.flags).toEqual([]);
    expect(f.authority).toEqual({ key: 'branch_manager', label: 'Branch Manager', approvers: 1 });
    expect(f.exposure).toMatchObject({ total: '20000.00', capital: '10000000.00', limit: '1000000.00' });

    const res = await appraise(s.officer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'Appraised', recommendation: 'approve' });
    const approvalId = res.json().approvalId as string;
    expect(await approvalType(approvalId)).toBe('loan_application.approve');
    expect(res.json().application.pendingApprovalId).toBe(approvalId);

    // The approval module's summary carries the loan.
    const inbox = await s.call('GET', '/api/approvals?scope=decide', s.mgr);
    const req = inbox.json().find((r: { id: string }) => r.id === approvalId);
    expect(req.after).toMatchObject({
      amount: '20000.00',
      recommendation: 'approve',
      authority: 'Branch Manager',
    });

    expect((await approve(s.mgr, approvalId)).statusCode).toBe(200);
    const one = (await s.call('GET', `/api/loan-applications/${id}`, s.officer)).json();
    expect(one.status).toBe('Approved');
    expect(one.pendingApprovalId).toBeNull();
    expect(one.history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'edit',
      'submit',
      'appraise',
      'approve',
    ]);
    const audit = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from audit_log where target_type = 'loan_application' and target_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'loan_application.create',
      'loan_application.edit',
      'loan_application.submit',
      'loan_application.appraise',
      'loan_application.approve',
    ]);
    // An Approved application takes no more lifecycle actions of this part.
    const again = await act(s.officer, id, 'submit');
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toMatchObject({ code: 'wrong_state', status: 'Approved' });
  });

  it('the maker (appraiser) and the applicant may not approve; 409, nothing changes', async () => {
    const b = await borrower(t.app);
    // The Branch Manager takes the application; the credit officer appraises it.
    const id = await draft(s.mgr, salaryLoan(b));
    expect((await act(s.mgr, id, 'submit')).statusCode).toBe(200);
    const approvalId = (await appraise(s.officer, id)).json().approvalId as string;
    const own = await approve(s.officer, approvalId);
    expect([403, 409]).toContain(own.statusCode);
    const applicant = await approve(s.mgr, approvalId);
    expect(applicant.statusCode).toBe(409);
    expect(applicant.json().error).toBe(T.applicant);
    const one = (await s.call('GET', `/api/loan-applications/${id}`, s.officer)).json();
    expect(one.status).toBe('Appraised');
    expect(one.pendingApprovalId).toBe(approvalId);
    expect((await approve(s.mgr2, approvalId)).statusCode).toBe(200);
  });

  it('a superuser maker is refused too', async () => {
    const b = await borrower(t.app);
    const id = await draft(s.boss, salaryLoan(b));
    await act(s.boss, id, 'submit');
    const approvalId = (await appraise(s.boss, id)).json().approvalId as string;
    const own = await approve(s.boss, approvalId);
    expect(own.statusCode).toBe(409);
    expect(own.json().details).toMatchObject({ code: 'own_request' });
  });

  it('over the Branch Manager’s authority the Head of Credit decides', async () => {
    const b = await borrower(t.app);
    const { id, approvalId } = await appraised(
      s.officer,
      salaryLoan(b, {
        amount: '120000',
        salary: { employer: 'Sierra Rutile', netMonthlySalary: '60000', monthlyObligations: '0' },
      }),
    );
    expect(await approvalType(approvalId)).toBe('loan_application.approve_large');
    expect((await approve(s.mgr, approvalId)).statusCode).toBe(403);
    expect((await approve(s.head, approvalId)).statusCode).toBe(200);
    expect((await s.call('GET', `/api/loan-applications/${id}`, s.officer)).json().status).toBe('Approved');
  });

  it('the Credit Committee needs two approvers, different from each other and from the maker', async () => {
    const b = await borrower(t.app);
    const body = {
      ...salaryLoan(b),
      productCode: 'SME-SLE',
      amount: '1500000',
      term: 24,
      rate: '28',
      salary: null,
    };
    const id = await draft(s.officer, body);
    await act(s.officer, id, 'submit');
    // Le 1.5m unsecured is over 10% of the capital: the flag needs a written reason.
    const bare = await appraise(s.officer, id);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details).toEqual([{ path: '/overrideReason', message: T.overrideRequired }]);
    expect((await s.call('GET', `/api/loan-applications/${id}`, s.officer)).json().status).toBe('Submitted');
    const res = await appraise(s.officer, id, {
      overrideReason: 'Government contract assigned to the bank.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().application.appraisal.flags.map((x: { code: string }) => x.code)).toEqual([
      'concentration',
    ]);
    const first = res.json().approvalId as string;
    expect(await approvalType(first)).toBe('loan_application.committee');
    expect((await approve(s.head, first)).statusCode).toBe(200);

    const mid = (await s.call('GET', `/api/loan-applications/${id}`, s.officer)).json();
    expect(mid.status).toBe('Appraised');
    const second = mid.pendingApprovalId as string;
    expect(second).not.toBe(first);
    const twice = await approve(s.head, second);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(T.sameVoter);
    expect((await approve(s.officer, second)).statusCode).toBe(403);
    expect((await approve(s.committee, second)).statusCode).toBe(200);
    const done = (await s.call('GET', `/api/loan-applications/${id}`, s.officer)).json();
    expect(done.status).toBe('Approved');
    expect(done.history.map((h: { action: string }) => h.action).slice(-2)).toEqual([
      'committee_vote',
      'approve',
    ]);
  });

  it('a checker’s rejection in the inbox rejects the application; withdraw and reject keep the history', async () => {
    const b = await borrower(t.app);
    const { id, approvalId } = await appraised(s.officer, salaryLoan(b));
    const rej = await s.call('POST', `/api/approvals/${approvalId}/reject`, s.mgr, {
      reason: 'Employer unverified',
    });
    expect(rej.statusCode).toBe(200);
    const one = (await s.call('GET', `/api/loan-applications/${id}`, s.officer)).json();
    expect(one).toMatchObject({ status: 'Rejected', decisionReason: 'Employer unverified' });

    const w = await draft(s.officer, salaryLoan(b));
    const gone = await act(s.officer, w, 'withdraw', { reason: 'Customer changed their mind' });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().application.status).toBe('Withdrawn');
    expect(gone.json().application.history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'Draft',
      'Withdrawn',
    ]);
    expect((await act(s.officer, w, 'submit')).statusCode).toBe(409);

    const r = await draft(s.officer, salaryLoan(b));
    await act(s.officer, r, 'submit');
    const declined = await act(s.officer, r, 'reject', { reason: 'Salary not domiciled' });
    expect(declined.json().application.status).toBe('Rejected');
  });

  it('an appraisal or withdrawal while a request is pending is refused', async () => {
    const b = await borrower(t.app);
    const { id } = await appraised(s.officer, salaryLoan(b));
    const again = await appraise(s.officer2, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toMatchObject({ code: 'pending_approval' });
    expect((await act(s.officer, id, 'withdraw', { reason: 'x' })).statusCode).toBe(409);
  });

  it('PEP, high risk, related party and a DSR over the product’s each need an override reason', async () => {
    const cases = [
      [{ pep: true }, 'pep'],
      [{ risk: 'high' }, 'high_risk'],
      [{ type: 'employee' }, 'related_party'],
    ] as const;
    for (const [o, code] of cases) {
      const b = await borrower(t.app, o);
      const id = await draft(s.officer, salaryLoan(b));
      await act(s.officer, id, 'submit');
      const facts = (await s.call('GET', `/api/loan-applications/${id}/appraisal`, s.officer)).json();
      expect(facts.flags.map((f: { code: string }) => f.code)).toEqual([code]);
      expect((await appraise(s.officer, id)).statusCode).toBe(400);
      expect((await appraise(s.officer, id, { overrideReason: 'Board approved' })).statusCode).toBe(200);
    }
    const b = await borrower(t.app);
    const id = await draft(
      s.officer,
      salaryLoan(b, { salary: { employer: 'EDSA', netMonthlySalary: '4000', monthlyObligations: '500' } }),
    );
    await act(s.officer, id, 'submit');
    const facts = (await s.call('GET', `/api/loan-applications/${id}/appraisal`, s.officer)).json();
    // (500 + 1,891.19) ÷ 4,000 = 59.78% > 40%.
    expect(facts.dsr).toMatchObject({ ratio: '59.78', over: true });
    expect(facts.flags.map((f: { code: string }) => f.code)).toEqual(['dsr']);
    expect((await appraise(s.officer, id)).statusCode).toBe(400);
  });

  it('lists are paged, sorted and filtered in the database, and scoped to the home branch', async () => {
    const list = await s.call(
      'GET',
      '/api/loan-applications?status=Approved&pageSize=2&sort=amount&order=asc',
      s.head,
    );
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBeGreaterThanOrEqual(3);
    const rows = list.json<{ status: string; amount: string }[]>();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'Approved')).toBe(true);
    expect(Number(rows[0]!.amount)).toBeLessThanOrEqual(Number(rows[1]!.amount));
    const sme = (await s.call('GET', '/api/loan-applications?product=SME-SLE', s.head)).json();
    expect(sme.every((r: { productCode: string }) => r.productCode === 'SME-SLE')).toBe(true);
    const mine = (await s.call('GET', `/api/loan-applications?officer=${s.officer2.userId}`, s.head)).json();
    expect(mine).toEqual([]);

    // Branch 202's officer sees none of branch 101's, and may not read or act on one.
    expect((await s.call('GET', '/api/loan-applications', s.awayOfficer)).json()).toEqual([]);
    expect((await s.call('GET', '/api/loan-applications?branch=101', s.awayOfficer)).statusCode).toBe(403);
    const any = (await s.call('GET', '/api/loan-applications?pageSize=1', s.head)).json()[0];
    expect((await s.call('GET', `/api/loan-applications/${any.id}`, s.awayOfficer)).statusCode).toBe(403);
    const b = await borrower(t.app);
    const other = await s.call('POST', '/api/loan-applications', s.awayOfficer, salaryLoan(b));
    expect(other.statusCode).toBe(403);
    // Without loans.read nothing is listed.
    expect((await s.call('GET', '/api/loan-applications', s.cso)).statusCode).toBe(403);
  });
});
