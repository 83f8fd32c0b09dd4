import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  APPROVAL_TEXT,
  PROVISION_TEXT,
  type LoanRepaymentRow,
  type ProvisionRun,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { loanBookProblems, runLoanBook } from '../../../test/support/loan-book.ts';
import { disbursedLoan, topUp, trialBalance } from '../../../test/support/loans.ts';
import { setRoles } from '../../../test/support/roles.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Provisioning, write-off and recovery through the real server (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a month-end run computed, rerun, posted only when a second person approves,
 * one journal per currency, refused once posted; a Loss loan written off at the second level, a
 * recovery after it and its reversal, each reconciled with the GL to the cent; the refusals.
 */
describe('loan book: provisioning, write-off and recovery', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let head2: StaffUser;
  let a: Awaited<ReturnType<typeof disbursedLoan>>;
  let b: Awaited<ReturnType<typeof disbursedLoan>>;

  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    (await queryRows<T>(t.app.db, q))[0]!;
  /** GL 1490's credit balance and the loans' provision held, per currency. */
  const provision = () =>
    one<{ gl: string; held: string }>(
      sql`select coalesce((select sum(case side when 'credit' then amount else -amount end) from gl_lines
                            where gl_code = '1490' and currency = 'SLE'), 0)::numeric(20, 2)::text as gl,
                 (select sum(provision_held) from loans where currency = 'SLE')::text as held`,
    );
  const glNet = (code: string) =>
    one<{ v: string }>(
      sql`select coalesce(sum(case side when 'credit' then amount else -amount end), 0)::numeric(20, 2)::text as v
            from gl_lines where gl_code = ${code}`,
    ).then((r) => r.v);
  const approve = (who: StaffUser, id: string) => s.call('POST', `/api/approvals/${id}/approve`, who);

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    head2 = await s.makeStaff('activated', 'hoc2');
    await setRoles(t.app, head2.userId, ['head_of_credit'], null);
    a = await disbursedLoan(t.app, s);
    b = await disbursedLoan(t.app, s);
    // Loan A is secured: a vehicle with a forced-sale value of Le 5,000 at a 20% haircut (Le 4,000).
    await t.app.db.execute(sql`insert into loan_application_collateral
        (application_id, position, type, description, market_value, forced_sale_value, haircut_percent)
        select application_id, 1, 'vehicle', 'Toyota Hilux', 8000, 5000, 20 from loans where id = ${a.loanId}`);
  });
  afterAll(() => t.close());

  it('a month-end run: draft, rerun, posted only by a second person, one journal, frozen after', async () => {
    await runLoanBook(t.app, '2026-11-30');
    await t.app.db.execute(sql`update bank_business_date set business_date = '2026-12-01'`);
    const first = await s.call('POST', '/api/loan-provisioning/runs', s.head, { asOf: '2026-11-30' });
    expect(first.statusCode, first.body).toBe(201);
    const run = first.json<ProvisionRun>();
    expect(run).toMatchObject({ asOf: '2026-11-30', monthEnd: true, status: 'draft', version: 1 });
    // Current at 1%: A on (20,000 − 4,000) = 160.00, B on 20,000 = 200.00.
    expect(run.classes.find((c) => c.loanClass === 'current')).toMatchObject({
      currency: 'SLE',
      loans: 2,
      principal: '40000.00',
      collateral: '4000.00',
      required: '360.00',
      held: '0.00',
      change: '360.00',
    });
    const again = await s.call('POST', '/api/loan-provisioning/runs', s.head, { asOf: '2026-11-30' });
    expect(again.json<ProvisionRun>()).toMatchObject({ id: run.id, version: 2 });

    const asked = await s.call('POST', `/api/loan-provisioning/runs/${run.id}/post`, s.head);
    expect(asked.statusCode, asked.body).toBe(202);
    const approvalId = asked.json<{ approvalId: string }>().approvalId;
    const pending = await s.call('POST', '/api/loan-provisioning/runs', s.head, { asOf: '2026-11-30' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe(PROVISION_TEXT.pending);
    // The maker is no checker; a Branch Manager is not at the Head of Credit's level.
    const own = await approve(s.head, approvalId);
    expect(own.statusCode).toBeGreaterThanOrEqual(400);
    expect(own.json().error).toBe(APPROVAL_TEXT.ownRequest);
    expect((await approve(s.mgr, approvalId)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await provision()).toEqual({ gl: '0.00', held: '0.00' });

    const ok = await approve(head2, approvalId);
    expect(ok.statusCode, ok.body).toBe(200);
    const lines = await queryRows<{ gl: string; side: string; amount: string }>(
      t.app.db,
      sql`select g.gl_code as gl, g.side, g.amount::text from gl_lines g join journal_entries e on e.id = g.entry_id
           where e.reference = ${`LPR-${run.id}-SLE`} order by g.side desc`,
    );
    expect(lines).toEqual([
      { gl: '5040', side: 'debit', amount: '360.00' },
      { gl: '1490', side: 'credit', amount: '360.00' },
    ]);
    expect(await provision()).toEqual({ gl: '360.00', held: '360.00' });
    const posted = await s.call('GET', `/api/loan-provisioning/runs/${run.id}`, s.head);
    expect(posted.json<ProvisionRun>()).toMatchObject({ status: 'posted', postedByEmail: head2.email });

    const rerun = await s.call('POST', '/api/loan-provisioning/runs', s.head, { asOf: '2026-11-30' });
    expect(rerun.statusCode).toBe(409);
    expect(rerun.json()).toMatchObject({ error: PROVISION_TEXT.posted, details: { code: 'run_posted' } });
    expect((await s.call('POST', `/api/loan-provisioning/runs/${run.id}/post`, s.head)).statusCode).toBe(409);
    // The database keeps a posted run as it is, whatever code tries.
    await expect(
      t.app.db.execute(sql`update loan_provision_lines set required = 0 where run_id = ${run.id}`),
    ).rejects.toThrow();
    const list = await s.call('GET', '/api/loan-provisioning/runs', s.head);
    expect(list.headers['x-total-count']).toBe('1');
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('refusals: bad input names the field, a Current loan is no write-off, staff without the permission', async () => {
    const bad = await s.call('POST', '/api/loan-provisioning/runs', s.head, { asOf: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('asOf');
    const noDay = await s.call('POST', '/api/loan-provisioning/runs', s.head, { asOf: '2020-01-31' });
    expect(noDay.statusCode).toBe(409);
    const rate = await s.call('PUT', '/api/loan-provisioning/rates', s.head, {
      rates: { current: '1', olem: '5', substandard: '20', doubtful: '50', loss: '101' },
    });
    expect(rate.statusCode).toBe(400);
    expect(JSON.stringify(rate.json().details)).toContain('loss');
    const current = await s.call('POST', `/api/loans/${a.loanId}/write-off`, s.head, { reason: 'Gone' });
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({ error: PROVISION_TEXT.notLoss, details: { code: 'not_loss' } });
    const officer = await s.call('POST', `/api/loans/${a.loanId}/write-off`, s.officer, { reason: 'Gone' });
    expect(officer.statusCode).toBe(403);
    expect((await s.call('GET', '/api/loan-provisioning/runs', s.officer)).statusCode).toBe(403);
    const noReason = await s.call('POST', `/api/loans/${a.loanId}/write-off`, s.head, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
  });

  it('rates change four-eyes: the maker cannot approve, a second Head of Credit can', async () => {
    const asked = await s.call('PUT', '/api/loan-provisioning/rates', s.head, {
      rates: { current: '2', olem: '5', substandard: '20', doubtful: '50', loss: '100' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json<{ approvalId: string }>().approvalId;
    expect((await approve(s.head, id)).json().error).toBe(APPROVAL_TEXT.ownRequest);
    expect((await approve(head2, id)).statusCode).toBe(200);
    const rates = await s.call('GET', '/api/loan-provisioning/rates', s.head);
    expect(rates.json()).toMatchObject({
      rates: { current: '2.0000', loss: '100.0000' },
      pendingApprovalId: null,
    });
    await t.app.db.execute(
      sql`update loan_provision_rates set rate_percent = 1 where loan_class = 'current'`,
    );
  });

  it('a Loss loan written off at the second level, a recovery and its reversal: each to the cent', async () => {
    // A year and more without a payment: both loans are Loss.
    await runLoanBook(t.app, '2028-01-10');
    const cls = await one<{ c: string }>(sql`select loan_class as c from loans where id = ${b.loanId}`);
    expect(cls.c).toBe('loss');
    const run = (await s.call('POST', '/api/loan-provisioning/runs', s.head, {})).json<ProvisionRun>();
    expect(run.asOf).toBe('2028-01-10');
    const asked = await s.call('POST', `/api/loan-provisioning/runs/${run.id}/post`, s.head);
    expect((await approve(head2, asked.json().approvalId)).statusCode).toBe(200);
    // Loss at 100%: A on 16,000, B on 20,000; held 36,000 in both the loans and GL 1490.
    expect(await provision()).toEqual({ gl: '36000.00', held: '36000.00' });

    // Above the limit the request is the Head of Credit's; the Branch Manager cannot decide it.
    await t.app.db.execute(
      sql`update loan_write_off_limits set second_level_above = 10000 where currency = 'SLE'`,
    );
    // A Loss loan is non-performing: end of day moved its receivable into suspense (ADR 0064), so the
    // write-off releases suspense against the receivable and charges the expense only what was not in it.
    const bRecv = await one<{ v: string; susp: string; held: string }>(
      sql`select (interest_receivable - interest_in_suspense)::text as v, interest_in_suspense::text as susp,
                 (interest_in_suspense + penalty_in_suspense)::text as held
            from loans where id = ${b.loanId}`,
    );
    const before = { recv: await glNet('1421'), exp: await glNet('5040'), susp: await glNet('1428') };
    const wo = await s.call('POST', `/api/loans/${b.loanId}/write-off`, s.head, {
      reason: 'No payment for a year',
    });
    expect(wo.statusCode, wo.body).toBe(202);
    expect(wo.json()).toMatchObject({ level: 'loan.write_off_large', principal: '20000.00' });
    const again = await s.call('POST', `/api/loans/${b.loanId}/write-off`, s.head, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect((await approve(s.head, wo.json().approvalId)).json().error).toBe(APPROVAL_TEXT.ownRequest);
    expect((await approve(s.mgr, wo.json().approvalId)).statusCode).toBeGreaterThanOrEqual(400);
    const ok = await approve(head2, wo.json().approvalId);
    expect(ok.statusCode, ok.body).toBe(200);

    const loan = await one<Record<string, string>>(
      sql`select l.status, l.written_off_principal::text as wo, l.written_off_on::text as on, l.provision_held::text as held,
                 l.interest_receivable::text as recv, a.balance::text as balance
            from loans l join accounts a on a.id = l.account_id where l.id = ${b.loanId}`,
    );
    expect(loan).toEqual({
      status: 'Written off',
      wo: '20000.00',
      on: '2028-01-10',
      held: '0.00',
      recv: '0.00',
      balance: '0.00',
    });
    // Dr 1490 the provision held (all of it: 100%), the receivable charged to 5040.
    expect(await provision()).toEqual({ gl: '16000.00', held: '16000.00' });
    // B's receivable outside suspense is charged to the expense (Cr 1421, Dr 5040); what was in
    // suspense is released (Dr 1428, Cr 1421 and 1422), to the cent.
    const row = await one<Record<string, string>>(
      sql`select from_provision::text as fp, from_expense::text as fe, receivable_charged::text as rc,
                 interest_suspense::text as susp
            from loan_write_offs where loan_id = ${b.loanId}`,
    );
    expect(row).toEqual({ fp: '20000.00', fe: '0.00', rc: bRecv.v, susp: bRecv.susp });
    expect(Number(bRecv.susp)).toBeGreaterThan(0);
    const cents = (v: number) => (v * 100).toFixed(0);
    expect(cents(Number(before.exp) - Number(await glNet('5040')))).toBe(cents(Number(bRecv.v)));
    expect(cents(Number(await glNet('1421')) - Number(before.recv))).toBe(
      cents(Number(bRecv.v) + Number(bRecv.susp)),
    );
    // Penalties in suspense leave 1428 too (against 1422).
    expect(cents(Number(before.susp) - Number(await glNet('1428')))).toBe(cents(Number(bRecv.held)));
    const view = await s.call('GET', `/api/loans/${b.loanId}`, s.officer);
    expect(view.statusCode).toBe(200);
    expect(await loanBookProblems(t.app)).toEqual([]);

    // A repayment on the written-off loan is a recovery: Cr 4050, the loan's figures kept.
    await topUp(t.app, b.custAccount, '1500.00');
    const paid = await s.call('POST', `/api/loans/${b.loanId}/repayments`, s.officer, {
      reference: `REC-${b.loanId}`,
      fromAccount: b.custAccount,
      amount: '1500.00',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ recovery: '1500.00', principal: '0.00', loanStatus: 'Written off' });
    expect(await glNet('4050')).toBe('1500.00');
    const kept = await one<{ wo: string; balance: string }>(
      sql`select l.written_off_principal::text as wo, a.balance::text as balance
            from loans l join accounts a on a.id = l.account_id where l.id = ${b.loanId}`,
    );
    expect(kept).toEqual({ wo: '20000.00', balance: '0.00' });
    const replay = await s.call('POST', `/api/loans/${b.loanId}/repayments`, s.officer, {
      reference: `REC-${b.loanId}`,
      fromAccount: b.custAccount,
      amount: '1500.00',
    });
    expect(replay.statusCode).toBe(200);
    expect(await glNet('4050')).toBe('1500.00');
    // The loan 360's Repayments tab lists the recovery, once, marked as one and with no principal.
    const listed = await s.call('GET', `/api/loans/${b.loanId}/repayments`, s.officer);
    expect(listed.statusCode, listed.body).toBe(200);
    const recoveries = listed
      .json<{ rows: LoanRepaymentRow[] }>()
      .rows.filter((r) => r.reference === `REC-${b.loanId}`);
    expect(recoveries).toEqual([
      expect.objectContaining({ recovery: true, amount: '1500.00', principal: '0.00', reversed: false }),
    ]);
    const over = await s.call('POST', `/api/loans/${b.loanId}/repayments`, s.officer, {
      reference: `REC-${b.loanId}-2`,
      fromAccount: b.custAccount,
      amount: '18500.01',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().details).toMatchObject({ code: 'overpayment', atMost: '18500.00' });

    // Its reversal (four-eyes, as any posting's) takes the income back and marks the recovery.
    const entry = Number(paid.json().entryId);
    const rv = await s.call('POST', `/api/journal-entries/${entry}/reversal`, s.mgr2, {
      reason: 'Paid to the wrong loan',
      reference: `RV-${entry}`,
    });
    expect(rv.statusCode, rv.body).toBe(202);
    expect((await approve(s.mgr, rv.json().approvalId)).statusCode).toBe(200);
    expect(await glNet('4050')).toBe('0.00');
    const marked = await one<{ r: boolean }>(
      sql`select reversal_entry_id is not null as r from loan_recoveries where reference = ${`REC-${b.loanId}`}`,
    );
    expect(marked.r).toBe(true);
    for (const x of await trialBalance(t.app)) expect(x.net, x.currency).toBe('0.00');
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('a repayment below the provision held releases the excess in its own journal; its reversal puts it back', async () => {
    // Loan A holds 16,000 on a principal of 20,000: repaying 5,000 of principal leaves 15,000 < 16,000.
    await topUp(t.app, a.custAccount, '30000.00');
    const paid = await s.call('POST', `/api/loans/${a.loanId}/repayments`, s.officer, {
      reference: `REL-${a.loanId}`,
      fromAccount: a.custAccount,
      amount: '9000.00',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const principal = Number(paid.json().outstanding);
    const held = await one<{ v: string }>(
      sql`select provision_held::text as v from loans where id = ${a.loanId}`,
    );
    expect(Number(held.v)).toBeLessThanOrEqual(principal);
    expect(await provision()).toEqual({ gl: held.v, held: held.v });
    expect(await loanBookProblems(t.app)).toEqual([]);
    const rv = await s.call('POST', `/api/journal-entries/${paid.json().entryId}/reversal`, s.mgr2, {
      reason: 'Wrong loan',
      reference: `RV-REL-${a.loanId}`,
    });
    expect((await approve(s.mgr, rv.json().approvalId)).statusCode).toBe(200);
    expect(await provision()).toEqual({ gl: '16000.00', held: '16000.00' });
    expect(await loanBookProblems(t.app)).toEqual([]);
  });
});
