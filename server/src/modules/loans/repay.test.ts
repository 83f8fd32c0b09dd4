import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { loanBookProblems } from '../../../test/support/loan-book.ts';
import { disbursedLoan, setBusinessDate, topUp, trialBalance } from '../../../test/support/loans.ts';
import { TODAY } from '../../../test/support/products.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { BRANCH, fundVault, leones } from '../../../test/support/teller.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Repayments over HTTP (PGlite, or PostgreSQL with TEST_DATABASE_URL): by transfer, the exact journal,
 * the trial balance, the schedule marked paid, the audit row, retries, every refusal changing nothing,
 * branch scope, the interest receivable split, prepayment, the payoff quote and settlement, and a
 * closed loan refused by the routes and by the database.
 */
describe('loans: repayments', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let loan: Awaited<ReturnType<typeof disbursedLoan>>;
  let due1 = '';
  let n = 0;
  const ref = () => `RP-${Date.now()}-${++n}`;
  const repay = (who: StaffUser, id: number, body: Record<string, unknown>) =>
    s.call('POST', `/api/loans/${id}/repayments`, who, body);

  /** What a refusal must leave as it was: loans, schedules, repayments, journals, balances. */
  const snapshot = async () =>
    (
      await queryRows<{ v: string }>(
        t.app.db,
        sql`select (select count(*) from loan_repayments) || '/' || (select count(*) from journal_entries) || '/' ||
                   (select coalesce(sum(principal_paid + interest_paid + fee_paid + penalty_paid), 0) from loan_instalments)
                   || '/' || (select count(*) from loan_instalments) || '/' || (select string_agg(status, ',' order by id) from loans)
                   || '/' || (select sum(balance) from accounts) as v`,
      )
    )[0]!.v;

  const linesOf = (reference: string) =>
    queryRows<{ what: string; side: string; amount: string }>(
      t.app.db,
      sql`select coalesce(a.account_number, l.gl_code) as what, l.side, l.amount::text
          from journal_entries e join journal_lines l on l.entry_id = e.id left join accounts a on a.id = l.account_id
          where e.reference = ${`LNR-${reference}`} order by l.side desc, l.amount desc`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    loan = await disbursedLoan(t.app, s);
    const [i] = await queryRows<{ d: string }>(
      t.app.db,
      sql`select to_char(due_date, 'YYYY-MM-DD') as d from loan_instalments where loan_id = ${loan.loanId} and instalment_number = 1`,
    );
    due1 = i!.d;
  });
  afterAll(() => t.close());

  it('the next instalment may be paid before its date; beyond it is refused unless prepaid, once', async () => {
    const l = await disbursedLoan(t.app, s);
    const pay = (amount: string, overpayment = 'refuse') =>
      repay(s.officer, l.loanId, { fromAccount: l.custAccount, amount, reference: ref(), overpayment });
    const before = await snapshot();
    const over = await pay('1900.00');
    expect(over.statusCode).toBe(409);
    expect(over.json().details).toMatchObject({ code: 'overpayment', atMost: '1891.19' });
    expect(await snapshot()).toBe(before);
    const r = await pay('1891.19');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ principal: '1491.19', interest: '400.00', valueDate: TODAY });
    const detail = (await s.call('GET', `/api/loans/${l.loanId}`, s.officer)).json();
    expect(detail.schedule[0].state).toBe('paid');
    const mid = await snapshot();
    const nothing = await pay('1.00');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().details).toMatchObject({ code: 'nothing_due' });
    // Prepaying while the next instalment is paid ahead would reschedule it: refused, settle instead.
    expect((await pay('1.00', 'prepay')).statusCode).toBe(409);
    expect(await snapshot()).toBe(mid);
    // The payoff does not charge the period's interest twice: it was paid ahead.
    const q = (await s.call('GET', `/api/loans/${l.loanId}/payoff`, s.officer)).json();
    expect(q).toMatchObject({ principal: '18508.81', interestAccrued: '0.00', total: '18508.81' });
  });

  it('takes the first instalment on its due date: one balanced journal, the schedule marks it paid, audited', async () => {
    await setBusinessDate(t.app, due1);
    const reference = ref();
    const body = { fromAccount: loan.custAccount, amount: '1891.19', reference };
    const r = await repay(s.officer, loan.loanId, body);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      loanId: loan.loanId,
      channel: 'transfer',
      amount: '1891.19',
      principal: '1491.19',
      interest: '400.00',
      interestReceivable: '0.00',
      fee: '0.00',
      penalty: '0.00',
      prepayment: '0.00',
      overpayment: 'refuse',
      valueDate: due1,
      loanStatus: 'Active',
      outstanding: '18508.81',
      allocations: [
        { instalmentNumber: 1, principal: '1491.19', interest: '400.00', fee: '0.00', penalty: '0.00' },
      ],
    });
    expect(await linesOf(reference)).toEqual([
      { what: loan.custAccount, side: 'debit', amount: '1891.19' },
      { what: loan.loanAccount, side: 'credit', amount: '1491.19' },
      { what: '4011', side: 'credit', amount: '400.00' },
    ]);
    for (const b of await trialBalance(t.app)) expect(b.net, b.currency).toBe('0.00');

    const detail = (await s.call('GET', `/api/loans/${loan.loanId}`, s.officer)).json();
    expect(detail.schedule[0]).toMatchObject({ instalmentNumber: 1, state: 'paid', totalPaid: '1891.19' });
    expect(detail.schedule[1].state).toBe('future');
    expect(detail.outstanding).toBe('18508.81');
    expect(detail.audit.map((a: { action: string }) => a.action)).toContain('loan.repay');

    // The same request again (a lost answer): the first repayment, nothing posted twice.
    const before = await snapshot();
    const again = await repay(s.officer, loan.loanId, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(r.json().id);
    expect(await snapshot()).toBe(before);
    // The same reference for something else.
    const other = await repay(s.officer, loan.loanId, { ...body, amount: '10.00' });
    expect(other.statusCode).toBe(409);
    expect(other.json().details).toMatchObject({ code: 'reference_conflict' });
    expect(await snapshot()).toBe(before);
  });

  it('cash at the teller: finds the loan by its account number, Dr the till, Cr as allocated', async () => {
    await setBusinessDate(t.app, TODAY);
    const l = await disbursedLoan(t.app, s);
    const [d] = await queryRows<{ d: string }>(
      t.app.db,
      sql`select to_char(due_date, 'YYYY-MM-DD') as d from loan_instalments where loan_id = ${l.loanId} and instalment_number = 1`,
    );
    await setBusinessDate(t.app, d!.d);
    await fundVault(t.app, BRANCH, '100000.00', '100.00');
    const teller = await s.makeStaff('activated', 'lrteller');
    await setRoles(t.app, teller.userId, ['teller'], BRANCH);
    const cash = (body: Record<string, unknown>) =>
      s.call('POST', `/api/loans/${l.loanId}/cash-repayments`, teller, body);
    const body = { amount: '1891.19', reference: ref(), partyName: 'Fatmata Kamara' };
    // No open till: refused, nothing changes.
    const before = await snapshot();
    const closed = await cash(body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().details).toMatchObject({ code: 'till_closed' });
    expect(await snapshot()).toBe(before);

    const opened = await s.call('POST', '/api/teller/sessions', teller, {
      reference: ref(),
      tillCode: `TILL-LR-${n}`,
      currency: 'SLE',
      allocation: leones('1000.00'),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const found = await s.call('GET', `/api/loans/by-account/${l.loanAccount}`, teller);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      id: l.loanId,
      dueNow: '1891.19',
      nextDue: { dueDate: d!.d, amount: '1891.19' },
      payoff: { principal: '20000.00', interestDue: '400.00' },
    });
    // A teller cannot read the loan 360 (loans.read), only what a repayment needs.
    expect((await s.call('GET', `/api/loans/${l.loanId}`, teller)).statusCode).toBe(403);
    const r = await cash(body);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ channel: 'cash', principal: '1491.19', interest: '400.00' });
    expect(await linesOf(body.reference)).toEqual([
      { what: `1020-${BRANCH}`, side: 'debit', amount: '1891.19' },
      { what: l.loanAccount, side: 'credit', amount: '1491.19' },
      { what: '4011', side: 'credit', amount: '400.00' },
    ]);
    const [till] = await queryRows<{ b: string }>(
      t.app.db,
      sql`select balance::text as b from till_sessions where id = ${opened.json().id}`,
    );
    expect(till!.b).toBe('2891.19');
    for (const b of await trialBalance(t.app)) expect(b.net, b.currency).toBe('0.00');
    expect((await cash(body)).statusCode).toBe(200);
    // A teller of another branch does not find it.
    const away = await s.makeStaff('activated', 'lrteller2');
    await setRoles(t.app, away.userId, ['teller'], '202');
    expect((await s.call('GET', `/api/loans/by-account/${l.loanAccount}`, away)).statusCode).toBe(403);
  });

  it('refusals name the field or the rule and change nothing', async () => {
    const before = await snapshot();
    const base = { fromAccount: loan.custAccount, reference: ref() };
    for (const amount of ['0', '0.00', '-5', '1.234', '12345678901234567.00', 'abc']) {
      const r = await repay(s.officer, loan.loanId, { ...base, amount });
      expect(r.statusCode, amount).toBe(400);
      expect(JSON.stringify(r.json().details), amount).toContain('amount');
    }
    const noAccount = await repay(s.officer, loan.loanId, {
      ...base,
      amount: '10.00',
      fromAccount: '000000000',
    });
    expect(noAccount.statusCode, noAccount.body).toBe(400);
    expect(noAccount.json().details[0].path).toBe('/fromAccount');
    const fromLoan = await repay(s.officer, loan.loanId, {
      ...base,
      amount: '10.00',
      fromAccount: loan.loanAccount,
    });
    expect(fromLoan.statusCode).toBe(400);
    expect((await repay(s.officer, 999999, { ...base, amount: '10.00' })).statusCode).toBe(404);
    // Another branch's officer, and staff without loans.repay.
    expect((await repay(s.awayOfficer, loan.loanId, { ...base, amount: '10.00' })).statusCode).toBe(403);
    expect((await repay(s.cso, loan.loanId, { ...base, amount: '10.00' })).statusCode).toBe(403);
    expect((await repay(s.head, loan.loanId, { ...base, amount: '10.00' })).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('an overpayment is refused (with what is due) unless prepaid; the paying account’s own rules apply', async () => {
    const l = await disbursedLoan(t.app, s);
    const [d] = await queryRows<{ d: string }>(
      t.app.db,
      sql`select to_char(due_date, 'YYYY-MM-DD') as d from loan_instalments where loan_id = ${l.loanId} and instalment_number = 1`,
    );
    await setBusinessDate(t.app, d!.d);
    const before = await snapshot();
    const over = await repay(s.officer, l.loanId, {
      fromAccount: l.custAccount,
      amount: '4000.00',
      reference: ref(),
    });
    // What is due today and the next instalment, which may be paid ahead of its date.
    expect(over.statusCode).toBe(409);
    expect(over.json().details).toMatchObject({ code: 'overpayment', atMost: '3782.38' });
    const broke = await repay(s.officer, l.loanId, {
      fromAccount: l.custAccount,
      amount: '50000.00',
      reference: ref(),
      overpayment: 'prepay',
    });
    expect(broke.statusCode).toBe(409);
    await t.app.db.execute(
      sql`update accounts set status = 'Blocked', block_kind = 'debit' where account_number = ${l.custAccount}`,
    );
    const blocked = await repay(s.officer, l.loanId, {
      fromAccount: l.custAccount,
      amount: '100.00',
      reference: ref(),
    });
    expect(blocked.statusCode).toBe(409);
    await t.app.db.execute(
      sql`update accounts set status = 'Active', block_kind = null where account_number = ${l.custAccount}`,
    );
    expect(await snapshot()).toBe(before);

    // Prepay: instalment 1 in full, then 5,000 of principal; the product reduces the term.
    const reference = ref();
    const r = await repay(s.officer, l.loanId, {
      fromAccount: l.custAccount,
      amount: '6891.19',
      reference,
      overpayment: 'prepay',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      principal: '6491.19',
      interest: '400.00',
      prepayment: '5000.00',
      overpayment: 'prepay',
    });
    expect(r.json().outstanding).toBe('13508.81');
    const [sched] = await queryRows<{ n: number; principal: string }>(
      t.app.db,
      sql`select count(*)::int as n, sum(principal_due - principal_paid)::text as principal from loan_instalments where loan_id = ${l.loanId}`,
    );
    expect(sched!.principal).toBe('13508.81');
    expect(sched!.n).toBeLessThan(12);
    for (const b of await trialBalance(t.app)) expect(b.net, b.currency).toBe('0.00');
    // The prepaid principal counts as repaid: the loan book's invariants hold after a prepayment.
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('interest accrued earlier is collected from interest receivable, the rest is income', async () => {
    const l = await disbursedLoan(t.app, s);
    const [d] = await queryRows<{ d: string }>(
      t.app.db,
      sql`select to_char(due_date, 'YYYY-MM-DD') as d from loan_instalments where loan_id = ${l.loanId} and instalment_number = 1`,
    );
    await setBusinessDate(t.app, d!.d);
    // What the nightly accrual would have left (its GL side is not this test's concern).
    await t.app.db.execute(sql`update loans set interest_receivable = 250.00 where id = ${l.loanId}`);
    const reference = ref();
    const r = await repay(s.officer, l.loanId, { fromAccount: l.custAccount, amount: '300.00', reference });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ interest: '300.00', interestReceivable: '250.00', principal: '0.00' });
    expect(await linesOf(reference)).toEqual([
      { what: l.custAccount, side: 'debit', amount: '300.00' },
      { what: '1421', side: 'credit', amount: '250.00' },
      { what: '4011', side: 'credit', amount: '50.00' },
    ]);
    const [left] = await queryRows<{ v: string }>(
      t.app.db,
      sql`select interest_receivable::text as v from loans where id = ${l.loanId}`,
    );
    expect(left!.v).toBe('0.00');
    // The rest of the instalment: interest first (100.00), then principal.
    const rest = await repay(s.officer, l.loanId, {
      fromAccount: l.custAccount,
      amount: '1591.19',
      reference: ref(),
    });
    expect(rest.json()).toMatchObject({
      interest: '100.00',
      interestReceivable: '0.00',
      principal: '1491.19',
    });
  });

  it('payoff quote: validated date, the engine’s figures; settlement pays it and closes the loan', async () => {
    await setBusinessDate(t.app, TODAY);
    const l = await disbursedLoan(t.app, s);
    const q = (date?: string) =>
      s.call('GET', `/api/loans/${l.loanId}/payoff${date ? `?date=${date}` : ''}`, s.officer);
    expect((await q('2026-02-30')).statusCode).toBe(400);
    expect((await q('2026-13-01')).statusCode).toBe(400);
    const past = await q('2026-11-01');
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].path).toBe('/date');
    // 10 days after disbursement: 20,000 × 24% × 10 ÷ 365 = 131.5068… → 131.51.
    const later = await q('2026-12-03');
    expect(later.json()).toMatchObject({
      principal: '20000.00',
      interestAccrued: '131.51',
      days: 10,
      total: '20131.51',
    });
    const today = (await q()).json();
    expect(today).toMatchObject({
      asOf: TODAY,
      principal: '20000.00',
      interestAccrued: '0.00',
      total: '20000.00',
    });

    const lookup = (await s.call('GET', `/api/loans/by-account/${l.loanAccount}`, s.officer)).json();
    expect(lookup).toMatchObject({ id: l.loanId, status: 'Active', outstanding: '20000.00', dueNow: '0.00' });
    await setBusinessDate(t.app, '2026-12-03');
    const before = await snapshot();
    const stale = await s.call('POST', `/api/loans/${l.loanId}/settle`, s.officer, {
      fromAccount: l.custAccount,
      amount: '20000.00',
      reference: ref(),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({ code: 'quote_changed', total: '20131.51' });
    // The borrower's account holds the net Le 19,600: short of the payoff, the ledger refuses.
    const reference = ref();
    const short = await s.call('POST', `/api/loans/${l.loanId}/settle`, s.officer, {
      fromAccount: l.custAccount,
      amount: '20131.51',
      reference,
    });
    expect(short.statusCode).toBe(409);
    expect(await snapshot()).toBe(before);
    await topUp(t.app, l.custAccount, '600.00');
    const done = await s.call('POST', `/api/loans/${l.loanId}/settle`, s.officer, {
      fromAccount: l.custAccount,
      amount: '20131.51',
      reference,
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({
      channel: 'settlement',
      principal: '20000.00',
      interest: '131.51',
      loanStatus: 'Closed',
      outstanding: '0.00',
    });
    expect(await linesOf(reference)).toEqual([
      { what: l.custAccount, side: 'debit', amount: '20131.51' },
      { what: l.loanAccount, side: 'credit', amount: '20000.00' },
      { what: '4011', side: 'credit', amount: '131.51' },
    ]);
    for (const b of await trialBalance(t.app)) expect(b.net, b.currency).toBe('0.00');
    const detail = (await s.call('GET', `/api/loans/${l.loanId}`, s.officer)).json();
    expect(detail.status).toBe('Closed');
    expect(detail.schedule.every((i: { state: string }) => i.state === 'paid')).toBe(true);
    const closed = await s.call('GET', `/api/loans?status=Closed`, s.officer);
    expect(closed.json().map((x: { id: number }) => x.id)).toContain(l.loanId);

    // A closed loan takes nothing more: the route refuses, and so does the database.
    const snap = await snapshot();
    const after = await repay(s.officer, l.loanId, {
      fromAccount: l.custAccount,
      amount: '1.00',
      reference: ref(),
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().details).toMatchObject({ code: 'loan_not_active' });
    expect(await snapshot()).toBe(snap);
    const [e] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select entry_id::text as id from loans where id = ${l.loanId}`,
    );
    await expect(
      t.app.db
        .execute(sql`insert into loan_repayments (loan_id, reference, channel, amount, principal, interest,
          interest_receivable, fee, penalty, prepayment, overpayment, allocations, entry_id, value_date)
        values (${l.loanId}, ${ref()}, 'transfer', 1, 1, 0, 0, 0, 0, 0, 'refuse', '[]'::jsonb, ${e!.id}, current_date)`),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(
        sql`update loan_instalments set principal_paid = 0 where loan_id = ${l.loanId} and instalment_number = 1`,
      ),
    ).rejects.toThrow();
  });
});
