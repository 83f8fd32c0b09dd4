import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { borrower, loanScene, salaryLoan } from '../../../test/support/loan-applications.ts';
import { trialBalance } from '../../../test/support/loans.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { BRANCH, fundVault, leones, ref } from '../../../test/support/teller.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Loan disbursement in cash at the till (ADR 0070), through the real routes on PGlite (or PostgreSQL
 * with TEST_DATABASE_URL): the officer asks with channel cash, a Branch Manager approves (no money
 * moves), a teller pays the net out of an open till. One journal (Dr loan, Cr till, Cr fee income),
 * the till's cash-out row and tally, the CTR, a replay, and each refusal.
 */
describe('loans: disbursement in cash at the till', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let teller: StaffUser;
  let poorTeller: StaffUser;
  let idleTeller: StaffUser;
  let awayTeller: StaffUser;
  let sessionId = '';

  const post = (who: StaffUser, url: string, body: unknown = {}) => s.call('POST', url, who, body);

  /** An Approved Salary Loan application (Le 20,000, 2% fee deducted: Le 19,600 net). */
  async function approved() {
    const b = await borrower(t.app);
    const taken = await post(s.officer, '/api/loan-applications', salaryLoan(b));
    expect(taken.statusCode, taken.body).toBe(201);
    const id = taken.json<{ application: { id: number } }>().application.id;
    await post(s.officer, `/api/loan-applications/${id}/submit`);
    const appraised = await post(s.officer2, `/api/loan-applications/${id}/appraise`, {
      recommendation: 'approve',
      notes: 'Fine.',
    });
    const ok = await post(
      s.mgr2,
      `/api/approvals/${appraised.json<{ approvalId: string }>().approvalId}/approve`,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    return { id, ...b };
  }

  /** Asks for the disbursement in cash and has a Branch Manager approve it. */
  async function cleared(id: number, body: Record<string, unknown> = {}) {
    const asked = await post(s.officer, `/api/loan-applications/${id}/disburse`, {
      channel: 'cash',
      ...body,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const ok = await post(s.mgr, `/api/approvals/${asked.json<{ approvalId: string }>().approvalId}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
  }

  const payout = (partyName = 'Borrower Sesay') => ({
    reference: ref('LND'),
    partyName,
    partyIdNumber: 'SL-ID-42',
    identityConfirmed: true,
  });
  const tellerRows = (appId: number) =>
    queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from teller_transactions t join loans l on l.account_id = t.account_id
          where l.application_id = ${appId}`,
    );

  // The scene's capital is inserted below the ledger, without an audit row: every other entry is checked.
  const ledgerViolations = () =>
    queryRows(
      t.app.db,
      sql`select problem from ledger_violations()
          where problem not in (select 'entry ' || id || ' (system) has no audit row' from journal_entries
                                 where reference like 'CAP-%')`,
    );

  beforeAll(async () => {
    // A low CTR threshold: the payout alone is a CTR of cash out.
    t = await createTestApp({ ctrThreshold: { SLE: '15000.00', USD: '1000.00' } });
    s = await loanScene(t.app);
    await fundVault(t.app, BRANCH, '200000.00', '100.00');
    const staff = async (p: string, branch: string) => {
      const u = await s.makeStaff('activated', p);
      await setRoles(t.app, u.userId, ['teller'], branch);
      return u;
    };
    teller = await staff('lcdteller', BRANCH);
    poorTeller = await staff('lcdpoor', BRANCH);
    idleTeller = await staff('lcdidle', BRANCH);
    awayTeller = await staff('lcdaway', BRANCH);
    const open = async (who: StaffUser, allocation: string) => {
      const r = await post(who, '/api/teller/sessions', {
        reference: ref('OPEN'),
        tillCode: `TILL-${who.email.slice(0, 6).toUpperCase()}`,
        currency: 'SLE',
        allocation: leones(allocation),
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json<{ id: string }>().id;
    };
    sessionId = await open(teller, '50000.00');
    await open(poorTeller, '1000.00');
  });
  afterAll(() => t.close());

  it('pays the net out of the till: one journal, the till’s cash-out row, tally, CTR, receipt; a retry adds nothing', async () => {
    const a = await approved();
    await cleared(a.id);
    // The checker's approval moved no money: the application is still Approved, no loan exists.
    const [st] = await queryRows<{ status: string; loans: number }>(
      t.app.db,
      sql`select status, (select count(*)::int from loans where application_id = ${a.id}) as loans
          from loan_applications where id = ${a.id}`,
    );
    expect(st).toEqual({ status: 'Approved', loans: 0 });

    const quote = await s.call('GET', `/api/loan-applications/${a.id}/cash-disbursement`, teller);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      gross: '20000.00',
      fees: '400.00',
      net: '19600.00',
      custId: a.custId,
    });

    const body = payout();
    const r = await post(teller, `/api/loan-applications/${a.id}/cash-disbursement`, body);
    expect(r.statusCode, r.body).toBe(201);
    const paid = r.json<{ loanId: number; loanAccount: string; entryId: string; disbursementDate: string }>();
    expect(r.json()).toMatchObject({
      applicationId: a.id,
      gross: '20000.00',
      fees: '400.00',
      net: '19600.00',
      reference: body.reference,
      entryReference: `LOAN-DISB-${a.id}`,
      partyIdNumber: 'SL-ID-42',
      tellerEmail: teller.email,
      branch: BRANCH,
    });
    // The same reference again answers the first payout and posts nothing more.
    const again = await post(teller, `/api/loan-applications/${a.id}/cash-disbursement`, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(r.json());
    // A new reference for the same loan: it is Disbursed now.
    const twice = await post(teller, `/api/loan-applications/${a.id}/cash-disbursement`, payout());
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details.code).toBe('wrong_state');
    expect(await tellerRows(a.id)).toEqual([{ n: 1 }]);

    // The journal: Dr loan 20,000; Cr the till (naming the session) 19,600; Cr fee income 400.
    const lines = await queryRows<{ side: string; amount: string; till: boolean; account: boolean }>(
      t.app.db,
      sql`select j.side, j.amount::text as amount, g.till_session_id is not null as till,
            j.account_id is not null as account
          from journal_lines j left join gl_lines g on j.kind = 'gl' and g.id = j.id
          where j.entry_id = ${paid.entryId}::bigint order by j.side, j.amount desc`,
    );
    expect(lines).toEqual([
      { side: 'credit', amount: '19600.00', till: true, account: false },
      { side: 'credit', amount: '400.00', till: false, account: false },
      { side: 'debit', amount: '20000.00', till: false, account: true },
    ]);
    // The schedule is frozen on the payout's day, the application Disbursed, the audit row written.
    const [loan] = await queryRows<Record<string, unknown>>(
      t.app.db,
      sql`select l.net_disbursed::text as net, l.disbursement_date = current_business_date() as today,
            (select count(*)::int from loan_instalments i where i.loan_id = l.id) as instalments,
            (select status from loan_applications where id = l.application_id) as status,
            (select count(*)::int from audit_log g where g.action = 'loan.disburse' and g.target_id = ${String(a.id)}
               and g.details->>'channel' = 'cash') as audits
          from loans l where l.id = ${paid.loanId}`,
    );
    expect(loan).toEqual({ net: '19600.00', today: true, instalments: 12, status: 'Disbursed', audits: 1 });

    // The till: its journal lists the payout, its cash-out tally counts it, its cash fell by the net.
    const session = await s.call('GET', `/api/teller/sessions/${sessionId}`, teller);
    expect(session.json()).toMatchObject({ withdrawals: { count: 1, amount: '19600.00' } });
    const [till] = await queryRows<{ balance: string; gl: string }>(
      t.app.db,
      sql`select s.balance::text as balance,
            (select coalesce(sum(case side when 'debit' then amount else -amount end), 0)::numeric(18,2)::text
               from gl_lines where till_session_id = s.id) as gl
          from till_sessions s where s.id = ${sessionId}::uuid`,
    );
    expect(till).toEqual({ balance: '30400.00', gl: '30400.00' });
    const journal = await s.call('GET', `/api/teller/sessions/${sessionId}/transactions`, teller);
    expect(journal.json()[0]).toMatchObject({
      kind: 'loan_disbursement',
      amount: '19600.00',
      accountNumber: paid.loanAccount,
      ctrFlag: true,
    });
    const receipt = await s.call('GET', `/api/journal-entries/${paid.entryId}/receipt.pdf`, teller);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');

    // Le 19,600 of cash out to the borrower on one day: a CTR, direction out.
    const day = paid.disbursementDate;
    const ctr = await s.call('GET', `/api/ctr-reports?from=${day}&to=${day}`, s.mgr);
    expect(ctr.statusCode, ctr.body).toBe(200);
    expect(ctr.json<{ custId: number }[]>().find((x) => x.custId === a.custId)).toMatchObject({
      direction: 'out',
      total: '19600.00',
    });

    for (const b of await trialBalance(t.app)) expect(b.net, b.currency).toBe('0.00');
    expect(await ledgerViolations()).toEqual([]);
    expect(await queryRows(t.app.db, sql`select * from loan_book_violations()`)).toEqual([]);
  });

  it('refuses, changing nothing: no open till, a short till, no cash approval, another branch, no identity check', async () => {
    const a = await approved();
    const url = `/api/loan-applications/${a.id}/cash-disbursement`;
    // Approved, but the checker approved no cash disbursement.
    const none = await post(teller, url, payout());
    expect([none.statusCode, none.json().details.code]).toEqual([409, 'not_approved_for_cash']);
    expect((await s.call('GET', url, teller)).json().details.code).toBe('not_approved_for_cash');
    await cleared(a.id);

    const idle = await post(idleTeller, url, payout());
    expect([idle.statusCode, idle.json().details.code]).toEqual([409, 'till_closed']);
    const short = await post(poorTeller, url, payout());
    expect([short.statusCode, short.json().details.code]).toEqual([409, 'till_cash_short']);
    const unsure = await post(teller, url, { ...payout(), identityConfirmed: false });
    expect(unsure.statusCode).toBe(400);
    expect(JSON.stringify(unsure.json().details)).toContain('identityConfirmed');

    // A teller of another branch may not see or pay it.
    const away = await s.makeStaff('activated', 'lcdfar');
    await setRoles(t.app, away.userId, ['teller'], '202');
    expect((await s.call('GET', url, away)).statusCode).toBe(403);

    // A teller who may act at every branch (branches.all), at a till of branch 202, pays a loan of branch 101: refused.
    await setRoles(t.app, awayTeller.userId, ['teller', 'auditor'], null);
    await fundVault(t.app, '202', '50000.00', '10.00');
    const opened = await post(awayTeller, '/api/teller/sessions', {
      reference: ref('OPEN'),
      branch: '202',
      tillCode: 'TILL-AWAY',
      currency: 'SLE',
      allocation: leones('30000.00'),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const other = await post(awayTeller, url, payout());
    expect([other.statusCode, other.json().details.code]).toEqual([409, 'other_branch']);

    // Nothing was made by any refusal; each left a failure audit row.
    expect(await tellerRows(a.id)).toEqual([{ n: 0 }]);
    const [n] = await queryRows<{ loans: number; failures: number }>(
      t.app.db,
      sql`select (select count(*)::int from loans where application_id = ${a.id}) as loans,
            (select count(*)::int from audit_log where action = 'loan.cash_disburse' and outcome = 'failure'
               and target_id = ${String(a.id)}) as failures`,
    );
    expect(n).toEqual({ loans: 0, failures: 4 });
    expect(await ledgerViolations()).toEqual([]);
  });
});
