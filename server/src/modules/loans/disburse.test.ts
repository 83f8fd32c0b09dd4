import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import {
  LOAN_TEXT_DISBURSE as T,
  TOTAL_COUNT_HEADER,
  buildSchedule,
  fromCents,
  isValidAccountNumber,
  toCents,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { borrower, loanScene, salaryLoan } from '../../../test/support/loan-applications.ts';
import { TODAY } from '../../../test/support/products.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { holidaysOf } from '../eod/index.ts';

/**
 * Disbursement over HTTP (PGlite, or PostgreSQL with TEST_DATABASE_URL): the four-eyes request and
 * approval, the one journal, the frozen schedule, the refusals (each changing nothing), then the
 * lists, the loan 360 and the agreement PDF.
 */
describe('loans: disbursement and the loan 360', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  const act = (who: StaffUser, id: number, action: string, body?: unknown) =>
    s.call('POST', `/api/loan-applications/${id}/${action}`, who, body ?? {});
  const approve = (who: StaffUser, approvalId: string) =>
    s.call('POST', `/api/approvals/${approvalId}/approve`, who);

  /** An Approved Salary Loan: taken by `taker`, appraised by the credit officer, approved by `checker`. */
  const approved = async (o: { taker?: StaffUser; checker?: StaffUser; amount?: string } = {}) => {
    const b = await borrower(t.app);
    const taker = o.taker ?? s.officer;
    const res = await s.call(
      'POST',
      '/api/loan-applications',
      taker,
      salaryLoan(b, o.amount ? { amount: o.amount } : {}),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().application.id as number;
    expect((await act(taker, id, 'submit')).statusCode).toBe(200);
    const appraised = await act(s.officer2, id, 'appraise', { recommendation: 'approve', notes: 'Fine.' });
    expect(appraised.statusCode).toBe(200);
    expect((await approve(o.checker ?? s.mgr2, appraised.json().approvalId)).statusCode).toBe(200);
    return { id, b };
  };

  /** What a refusal must leave as it was. */
  const snapshot = async () =>
    (
      await queryRows<{ v: string }>(
        t.app.db,
        sql`select (select count(*) from loans) || '/' || (select count(*) from loan_instalments) || '/' ||
                   (select count(*) from accounts) || '/' || (select count(*) from journal_entries) || '/' ||
                   (select count(*) from journal_lines) as v`,
      )
    )[0]!.v;

  const trialBalance = async () =>
    queryRows<{ currency: string; net: string }>(
      t.app.db,
      sql`select currency, sum(case side when 'debit' then amount else -amount end)::text as net
          from journal_lines group by currency`,
    );

  let loanId = 0;
  let appId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
  });
  afterAll(() => t.close());

  it('four-eyes: the request changes nothing; the approval posts exactly one balanced journal and freezes the schedule', async () => {
    const { id, b } = await approved();
    appId = id;
    const before = await snapshot();
    const asked = await act(s.officer, id, 'disburse');
    expect(asked.statusCode).toBe(202);
    const approvalId = asked.json().approvalId as string;
    expect(await snapshot()).toBe(before);
    const app0 = (await s.call('GET', `/api/loan-applications/${id}`, s.officer)).json();
    expect(app0).toMatchObject({ status: 'Approved', pendingApprovalId: approvalId });
    // A second request while one is pending.
    const twice = await act(s.officer, id, 'disburse');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details).toMatchObject({ code: 'pending_approval' });

    // The maker may not approve their own request.
    const own = await approve(s.officer, approvalId);
    expect([403, 409]).toContain(own.statusCode);
    expect(await snapshot()).toBe(before);

    expect((await approve(s.mgr, approvalId)).statusCode).toBe(200);
    const [loan] = await queryRows<{ id: number; account_number: string; status: string; entry_id: string }>(
      t.app.db,
      sql`select l.id, a.account_number, l.status, l.entry_id::text from loans l join accounts a on a.id = l.account_id
          where l.application_id = ${id}`,
    );
    loanId = Number(loan!.id);
    expect(loan!.status).toBe('Active');
    expect(isValidAccountNumber(loan!.account_number)).toBe(true);

    // Dr loan 20,000; Cr repayment account 19,600; Cr fee income 400 (2% deducted).
    const lines = await queryRows<{ what: string; side: string; amount: string }>(
      t.app.db,
      sql`select coalesce(a.account_number, l.gl_code) as what, l.side, l.amount::text
          from journal_entries e join journal_lines l on l.entry_id = e.id left join accounts a on a.id = l.account_id
          where e.reference = ${`LOAN-DISB-${id}`} order by l.side desc, l.amount desc`,
    );
    expect(lines).toEqual([
      { what: loan!.account_number, side: 'debit', amount: '20000.00' },
      { what: b.account, side: 'credit', amount: '19600.00' },
      { what: '4021', side: 'credit', amount: '400.00' },
    ]);
    for (const r of await trialBalance()) expect(r.net, r.currency).toBe('0.00');
    const balances = await queryRows<{ n: string; balance: string }>(
      t.app.db,
      sql`select account_number as n, balance::text from accounts where account_number in (${loan!.account_number}, ${b.account})
          order by account_type`,
    );
    expect(balances).toEqual([
      { n: loan!.account_number, balance: '-20000.00' },
      { n: b.account, balance: '19600.00' },
    ]);

    // The frozen schedule is the engine's, on the business date.
    const year = Number(TODAY.slice(0, 4));
    const holidays = [
      ...(await holidaysOf(t.app.db, year)),
      ...(await holidaysOf(t.app.db, year + 1)),
      ...(await holidaysOf(t.app.db, year + 2)),
    ].map((h) => h.date);
    const engine = buildSchedule({
      principal: '20000.00',
      annualRate: '24',
      method: 'emi',
      instalments: 12,
      frequency: 'monthly',
      disbursementDate: TODAY,
      processingFee: '400.00',
      processingFeeMode: 'deducted',
      holidays,
    });
    expect(engine.emi).toBe('1891.19');
    const frozen = await queryRows<Record<string, unknown>>(
      t.app.db,
      sql`select instalment_number as number, to_char(due_date, 'YYYY-MM-DD') as "dueDate",
            principal_due::text as principal, interest_due::text as interest, fee_due::text as fees,
            penalty_due::text as penalty, (principal_paid + interest_paid + fee_paid + penalty_paid)::text as paid
          from loan_instalments where loan_id = ${loanId} order by instalment_number`,
    );
    expect(frozen).toEqual(
      engine.instalments.map((i) => ({
        number: i.number,
        dueDate: i.dueDate,
        principal: i.principal,
        interest: i.interest,
        fees: i.fees,
        penalty: '0.00',
        paid: '0.00',
      })),
    );

    // The application is Disbursed, with its history and audit in the same transaction.
    const one = (await s.call('GET', `/api/loan-applications/${id}`, s.officer)).json();
    expect(one.status).toBe('Disbursed');
    expect(one.pendingApprovalId).toBeNull();
    expect(one.history.at(-1)).toMatchObject({
      action: 'disburse',
      fromStatus: 'Approved',
      toStatus: 'Disbursed',
    });
    const audit = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from audit_log where target_type = 'loan_application' and target_id = ${String(id)}
            and action in ('loan.disburse', 'loan_application.disburse') order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['loan.disburse', 'loan_application.disburse']);
  });

  it('a retry posts nothing again: the decided request, a new request, the same reference', async () => {
    const before = await snapshot();
    const [{ id: approvalId } = { id: '' }] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id::text from approval_requests where type = 'loan_application.disburse' and subject_id = ${String(appId)}`,
    );
    expect([404, 409]).toContain((await approve(s.mgr, approvalId)).statusCode);
    const again = await act(s.officer, appId, 'disburse');
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toMatchObject({ code: 'wrong_state', status: 'Disbursed' });
    expect(await snapshot()).toBe(before);
    const [n] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from journal_entries where reference = ${`LOAN-DISB-${appId}`}`,
    );
    expect(Number(n!.n)).toBe(1);
  });

  it('refusals change nothing: not Approved, the applicant as checker, another branch, bad dates', async () => {
    // Not yet Approved: an Appraised application.
    const b = await borrower(t.app);
    const res = await s.call('POST', '/api/loan-applications', s.officer, salaryLoan(b));
    const draftId = res.json().application.id as number;
    let before = await snapshot();
    const early = await act(s.officer, draftId, 'disburse');
    expect(early.statusCode).toBe(409);
    expect(early.json().details).toMatchObject({ code: 'wrong_state', status: 'Draft' });
    expect(await snapshot()).toBe(before);

    // The Branch Manager took the application: they may not approve its disbursement.
    const { id } = await approved({ taker: s.mgr, checker: s.mgr2 });
    before = await snapshot();
    for (const [body, path] of [
      [{ firstDueDate: TODAY }, '/firstDueDate'],
      [{ firstDueDate: '2026-02-30' }, '/firstDueDate'],
    ] as const) {
      const bad = await act(s.officer, id, 'disburse', body);
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json().details)).toContain(path);
    }
    expect((await act(s.awayOfficer, id, 'disburse')).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
    const asked = await act(s.officer, id, 'disburse', { firstDueDate: '2026-12-15' });
    expect(asked.statusCode).toBe(202);
    const approvalId = asked.json().approvalId as string;
    const applicant = await approve(s.mgr, approvalId);
    expect(applicant.statusCode).toBe(409);
    expect(applicant.json().details).toMatchObject({ code: 'own_request' });
    // A Branch Manager of another branch does not decide this branch's requests.
    expect([403, 404]).toContain((await approve(s.away, approvalId)).statusCode);
    expect(await snapshot()).toBe(before);
    expect((await approve(s.mgr2, approvalId)).statusCode).toBe(200);
    const [first] = await queryRows<{ d: string }>(
      t.app.db,
      sql`select to_char(first_due_date, 'YYYY-MM-DD') as d from loans where application_id = ${id}`,
    );
    expect(first!.d).toBe('2026-12-15');
    for (const r of await trialBalance()) expect(r.net, r.currency).toBe('0.00');
  });

  it('the database refuses a part paid beyond its due, a financed amount that does not balance, a payment on a closed loan', async () => {
    await expect(
      t.app.db.execute(
        sql`update loan_instalments set principal_paid = principal_due + 1 where loan_id = ${loanId} and instalment_number = 1`,
      ),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(sql`update loans set amount_financed = amount_financed + 1 where id = ${loanId}`),
    ).rejects.toThrow();
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`update loans set status = 'Closed' where id = ${loanId}`);
        await tx.execute(
          sql`update loan_instalments set interest_paid = 1 where loan_id = ${loanId} and instalment_number = 1`,
        );
      }),
    ).rejects.toThrow();
  });

  it('lists: paged, sorted, filtered in the database, branch-scoped; Closed Loans is a status filter', async () => {
    const all = await s.call('GET', '/api/loans?pageSize=1&sort=id&order=asc', s.mgr);
    expect(all.statusCode).toBe(200);
    expect(all.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    expect(all.json()).toHaveLength(1);
    expect(all.json()[0]).toMatchObject({
      id: loanId,
      outstanding: '20000.00',
      status: 'Active',
      branch: '101',
    });
    const page2 = await s.call('GET', '/api/loans?pageSize=1&page=2&sort=id&order=asc', s.mgr);
    expect(page2.json()[0].id).not.toBe(loanId);
    const closed = await s.call('GET', '/api/loans?status=Closed', s.mgr);
    expect(closed.json()).toEqual([]);
    expect(closed.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('0');
    // A Branch Manager of 202 sees none of branch 101's loans, and may not ask for them.
    const away = await s.call('GET', '/api/loans', s.away);
    expect(away.json()).toEqual([]);
    expect((await s.call('GET', '/api/loans?branch=101', s.away)).statusCode).toBe(403);
    expect((await s.call('GET', `/api/loans/${loanId}`, s.away)).statusCode).toBe(403);
    // The Head of Credit sees every branch.
    expect((await s.call('GET', '/api/loans', s.head)).headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    const bad = await s.call('GET', '/api/loans?status=Nope&sort=x', s.mgr);
    expect(bad.statusCode).toBe(400);
  });

  it('the loan 360: header, schedule states, parties, transactions, audit, pending approvals; 404 and 400', async () => {
    const res = await s.call('GET', `/api/loans/${loanId}`, s.officer);
    expect(res.statusCode).toBe(200);
    const l = res.json();
    expect(l).toMatchObject({
      status: 'Active',
      amount: '20000.00',
      netDisbursed: '19600.00',
      processingFee: '400.00',
      outstanding: '20000.00',
      daysPastDue: 0,
      arrears: '0.00',
      interestMethod: 'emi',
    });
    expect(l.schedule).toHaveLength(12);
    expect(l.schedule[0]).toMatchObject({ instalmentNumber: 1, totalDue: '1891.19', state: 'future' });
    expect(l.nextDue).toEqual({ dueDate: l.schedule[0].dueDate, amount: '1891.19' });
    expect(l.transactions).toHaveLength(1);
    expect(l.transactions[0]).toMatchObject({ side: 'debit', amount: '20000.00', balanceAfter: '-20000.00' });
    expect(l.audit.map((a: { action: string }) => a.action)).toContain('loan_application.disburse');
    expect(l.pendingApprovals).toEqual([]);
    // Cost of credit: every instalment less the 19,600 paid out; APR above the nominal 24% (the fee).
    const instalments = l.schedule.reduce(
      (sum: bigint, i: { totalDue: string }) => sum + toCents(i.totalDue),
      0n,
    );
    expect(l.totalCostOfCredit).toBe(fromCents(instalments - toCents('19600.00')));
    expect(Number(l.apr)).toBeGreaterThan(24);

    // Paid columns drive the states: the first instalment paid, the second partly, then a day past both.
    await t.app.db
      .execute(sql`update loan_instalments set principal_paid = principal_due, interest_paid = interest_due
                               where loan_id = ${loanId} and instalment_number = 1`);
    await t.app.db.execute(
      sql`update loan_instalments set interest_paid = 10 where loan_id = ${loanId} and instalment_number = 2`,
    );
    const later = (await s.call('GET', `/api/loans/${loanId}`, s.officer)).json();
    expect(later.schedule.slice(0, 3).map((i: { state: string }) => i.state)).toEqual([
      'paid',
      'partly',
      'future',
    ]);
    expect(later.nextDue.amount).toBe('1881.19');
    await t.app.db.execute(
      sql`update bank_business_date set business_date = ${later.schedule[1].dueDate}::date + 3`,
    );
    const overdue = (await s.call('GET', `/api/loans/${loanId}`, s.officer)).json();
    expect(overdue.schedule[1].state).toBe('overdue');
    expect(overdue.daysPastDue).toBe(3);
    expect(overdue.arrears).toBe('1881.19');
    // The list (Customer 360, Account Enquiry) counts the same arrears in the database.
    const listed = await s.call('GET', `/api/loans?custId=${overdue.custId}`, s.officer);
    expect(listed.json().find((x: { id: number }) => x.id === loanId)).toMatchObject({
      daysPastDue: 3,
      arrears: '1881.19',
      outstanding: overdue.outstanding,
    });
    await t.app.db.execute(sql`update bank_business_date set business_date = ${TODAY}::date`);

    const none = await s.call('GET', '/api/loans/999999', s.officer);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(T.notFound);
    expect((await s.call('GET', '/api/loans/abc', s.officer)).statusCode).toBe(400);
    expect((await s.call('GET', '/api/loans/99999999999', s.officer)).statusCode).toBe(400);
  });

  it('the agreement summary PDF: amount, rate, APR, schedule and total cost of credit; printing is audited', async () => {
    const l = (await s.call('GET', `/api/loans/${loanId}`, s.officer)).json();
    const pdf = await s.call('GET', `/api/loans/${loanId}/agreement.pdf`, s.officer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await new PDFParse({ data: pdf.rawPayload }).getText();
    expect(text).toContain('Loan agreement summary');
    expect(text).toContain('20,000.00');
    expect(text).toContain(`${l.apr}%`);
    expect(text).toContain('1,891.19');
    expect(text).toContain('total cost of credit');
    const [a] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_log where action = 'loan.agreement_printed' and target_id = ${String(loanId)}`,
    );
    expect(Number(a!.n)).toBe(1);
    expect((await s.call('GET', `/api/loans/${loanId}/agreement.pdf`, s.away)).statusCode).toBe(403);
  });
});
