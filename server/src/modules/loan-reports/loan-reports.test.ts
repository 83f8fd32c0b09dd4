import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  LOAN_CLASS_LABELS,
  LOAN_REPORT_TEXT,
  type ActiveLoansCard,
  type LoanReport,
  type ReportRun,
  type ReportTable,
} from '@bankmanager/contracts';
import { setRoles } from '../../../test/support/roles.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan, loanBookProblems, runLoanBook, repayUpTo } from '../../../test/support/loan-book.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { setBusinessDate } from '../../../test/support/eod.ts';
import { rowStarting, workbook } from '../../../test/support/workbooks.ts';
import { queryRows } from '../../db/rows.ts';
import { reportWorkerFor } from '../built-reports/index.ts';
import { aggregateDay } from '../reporting/index.ts';
import { postEntry } from '../ledger/index.ts';

/**
 * Loan Reports through the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL), on a hand-made
 * book of two loans: A misses its first instalment and is 35 days late on the report date (PAR30, OLEM,
 * arrears 31–60), B paid its instalments and is current. A also holds interest in suspense and a
 * provision, posted to 1428 and 1490, so the classification return has something to reconcile.
 */
describe('loan reports', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let a = 0;
  let b = 0;
  let day = '';
  let firstDue = '';
  const principal: Record<number, string> = {};

  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    (await queryRows<T>(t.app.db, q))[0]!;
  const get = (who: typeof s.officer, url: string) => s.call('GET', url, who);
  const report = async (who: typeof s.officer, url: string) => {
    const res = await get(who, url);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json<LoanReport>(), total: Number(res.headers['x-total-count']) };
  };
  const plus = (d: string, n: number) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    a = await disbursedLoan(t.app, s, '20000.00');
    b = await disbursedLoan(t.app, s, '10000.00');
    firstDue = (
      await one<{ d: string }>(
        sql`select due_date::text as d from loan_instalments where loan_id = ${a} and instalment_number = 1`,
      )
    ).d;
    // B pays its first two instalments in full; A pays nothing.
    const dueB = await one<{ v: string }>(
      sql`select sum(principal_due + interest_due + fee_due)::text as v from loan_instalments
           where loan_id = ${b} and instalment_number <= 2`,
    );
    // Through the real service, which takes one instalment ahead at most: the first now, the second
    // once the first has fallen due.
    await repayUpTo(t.app, s, b, dueB.v);
    await runLoanBook(t.app, firstDue);
    await repayUpTo(t.app, s, b, dueB.v);
    day = plus(firstDue, 35);
    await runLoanBook(t.app, day);
    // After the day's classification: 10.00 of A's interest into suspense, a 150.00 provision. The
    // snapshot row of the day follows through the trigger (the business date is `day`).
    await t.app.db.transaction(async (tx) => {
      await postEntry(tx, {
        source: 'system',
        narration: 'Test suspense and provision',
        lines: [
          // 10.00 of the receivable already accrued moves out of income into suspense (ADR 0064).
          { glCode: '4011', currency: 'SLE', side: 'debit', amount: '10.00' },
          { glCode: '1428', currency: 'SLE', side: 'credit', amount: '10.00' },
          { glCode: '5040', currency: 'SLE', side: 'debit', amount: '150.00' },
          { glCode: '1490', currency: 'SLE', side: 'credit', amount: '150.00' },
        ],
        audit: { action: 'test.loan_reserves', targetType: 'loan', targetId: String(a) },
      });
      await tx.execute(sql`update loans set interest_in_suspense = 10, provision_held = 150 where id = ${a}`);
    });
    for (const id of [a, b])
      principal[id] = (
        await one<{ p: string }>(
          sql`select principal_outstanding::text as p from loan_daily_status where loan_id = ${id} and business_date = ${day}::date`,
        )
      ).p;
    // The next day is kept too: the reports read the asked date, not the newest.
    await runLoanBook(t.app, plus(day, 1));
  });
  afterAll(() => t.close());

  it('portfolio at risk by branch: A (35 days late) is in PAR1 and PAR30, not PAR90, as a share of the portfolio', async () => {
    const { body } = await report(s.officer, `/api/loan-reports/portfolio-at-risk?date=${day}&by=branch`);
    expect(body).toMatchObject({ report: 'portfolio-at-risk', date: day });
    const whole = (Number(principal[a]) + Number(principal[b])).toFixed(2);
    const share = ((100 * Number(principal[a])) / Number(whole)).toFixed(2);
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      currency: 'SLE',
      loans: '2',
      portfolio: whole,
      par1: principal[a],
      par1_loans: '1',
      par30: principal[a],
      par30_pct: share,
      par30_loans: '1',
      par90: '0.00',
      par90_pct: '0.00',
      par90_loans: '0',
    });
    expect(body.totals[0]).toMatchObject({ group: 'Total', par30_pct: share });
    for (const by of ['product', 'officer', 'sector'])
      expect(
        (await report(s.officer, `/api/loan-reports/portfolio-at-risk?date=${day}&by=${by}`)).body.rows[0],
      ).toMatchObject({
        par30_loans: '1',
      });
  });

  it('arrears ageing: A alone, 35 days in 31–60, with the borrower’s phone and address; paged and counted', async () => {
    const { body, total } = await report(s.officer, `/api/loan-reports/arrears-ageing?date=${day}`);
    expect(total).toBe(1);
    expect(body.rows).toHaveLength(1);
    const row = body.rows[0]!;
    expect(row).toMatchObject({ loanId: String(a), dpd: '35', class: LOAN_CLASS_LABELS.olem });
    expect(row.phone).toMatch(/^\+2327800/);
    expect(row.address).toBe('12 Siaka Stevens Street, Freetown');
    expect(row.d31_60).toBe(row.overdue);
    expect(row.d1_30).toBeUndefined();
    expect(body.totals[0]).toMatchObject({ currency: 'SLE', d31_60: row.overdue, d1_30: '0' });
    // The next day A is 36 days late: the date asked is the date read.
    const next = await report(s.officer, `/api/loan-reports/arrears-ageing?date=${plus(day, 1)}`);
    expect(next.body.rows[0]).toMatchObject({ dpd: '36' });
  });

  it('the classification return: A in OLEM, B Current; its totals equal the GL to the cent, difference 0.00', async () => {
    const { body } = await report(s.boss, `/api/loan-reports/classification-return?date=${day}`);
    const byClass = Object.fromEntries(body.rows.map((r) => [r.class, r]));
    expect(byClass[LOAN_CLASS_LABELS.olem]).toMatchObject({
      loans: '1',
      principal: principal[a],
      suspense: '10.00',
      held: '150.00',
      rate: '5',
    });
    expect(byClass[LOAN_CLASS_LABELS.current]).toMatchObject({
      loans: '1',
      principal: principal[b],
      rate: '1',
    });
    // Provision required: 5% of A's principal (no collateral) plus 1% of B's, each to the cent.
    const req = (p: string, r: number) => Math.round(Number(p) * r) / 100;
    expect(body.totals[0]).toMatchObject({
      class: 'Total',
      required: (req(principal[a]!, 5) + req(principal[b]!, 1)).toFixed(2),
      held: '150.00',
    });
    expect(body.reconciliation).toEqual([
      expect.objectContaining({
        label: 'Loan portfolio',
        currency: 'SLE',
        report: body.totals[0]!.principal,
        difference: '0.00',
      }),
      expect.objectContaining({ glCodes: ['1428'], report: '10.00', ledger: '10.00', difference: '0.00' }),
      expect.objectContaining({ glCodes: ['1490'], report: '150.00', ledger: '150.00', difference: '0.00' }),
    ]);
    expect(body.notes).toContain(LOAN_REPORT_TEXT.reconciled);
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('CSV and PDF downloads of the same figures', async () => {
    const csv = await get(s.boss, `/api/loan-reports/classification-return?date=${day}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`classification-return-${day}.csv`);
    expect(csv.body).toContain('Provision required');
    expect(csv.body).toContain('Loan loss provision,1490,SLE,150.00,150.00,0.00');
    const pdf = await get(s.officer, `/api/loan-reports/arrears-ageing?date=${day}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('an XLSX workbook for the accountants: the return on one sheet, its reconciliation on another, figures as numbers', async () => {
    const res = await get(s.boss, `/api/loan-reports/classification-return?date=${day}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain(`classification-return-${day}.xlsx`);
    const wb = await workbook(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toHaveLength(2);
    const olem = rowStarting(wb.worksheets[0]!, LOAN_CLASS_LABELS.olem);
    expect(olem).toContain(Number(principal[a]));
    const provision = rowStarting(wb.getWorksheet('Against the general ledger')!, 'Loan loss provision');
    expect(provision.slice(1)).toEqual(['Loan loss provision', '1490', 'SLE', 150, 150, 0]);
  });

  it('insider loans: a PEP borrower with the rate and term beside the product’s standard terms', async () => {
    await t.app.db.execute(
      sql`update customers set pep = true where cust_id = (select cust_id from loans where id = ${b})`,
    );
    const { body, total } = await report(s.officer, `/api/loan-reports/insider-loans?date=${day}`);
    expect(total).toBe(1);
    expect(body.rows[0]).toMatchObject({ loanId: String(b), relation: 'PEP' });
    expect(body.rows[0]!.standardRate).toMatch(/^[0-9]+\.[0-9]{2}$/);
    expect(body.rows[0]!.standardTerm).toMatch(/^[0-9]+–[0-9]+$/);
  });

  it('large exposures against the month’s capital, which finance records (audited) and loan staff cannot', async () => {
    const month = day.slice(0, 7);
    const without = await report(s.officer, `/api/loan-reports/large-exposures?date=${day}`);
    expect(without.body.notes[0]).toBe(LOAN_REPORT_TEXT.noCapital);
    expect(without.body.rows).toHaveLength(2);
    const acct = await s.makeStaff('activated', 'acct');
    await setRoles(t.app, acct.userId, ['accountant'], null);
    expect(
      (await s.call('PUT', `/api/loan-reports/capital/${month}`, s.officer, { amount: '100000.00' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await s.call('PUT', `/api/loan-reports/capital/${month}`, acct, { amount: '-5' })).statusCode,
    ).toBe(400);
    expect((await s.call('PUT', '/api/loan-reports/capital/2026-13', acct, { amount: '5' })).statusCode).toBe(
      400,
    );
    const put = await s.call('PUT', `/api/loan-reports/capital/${month}`, acct, { amount: '50000.00' });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      await one<{ n: number }>(
        sql`select count(*)::int as n from audit_log where action = 'loan_reports.capital_set'`,
      ),
    ).toEqual({ n: 1 });
    const { body } = await report(s.officer, `/api/loan-reports/large-exposures?date=${day}`);
    // A owes about 20,000 (40% of 50,000: over the 25% limit), B about 8,000 after two instalments (large).
    expect(body.rows.map((r) => r.flag)).toEqual(['Over the limit', 'Large']);
    expect(Number(body.rows[0]!.capitalShare)).toBeGreaterThan(Number(body.rows[1]!.capitalShare));
  });

  it('disbursements and collections per day: expected on the first due date, the rate collected ÷ expected', async () => {
    const { body } = await report(
      s.officer,
      `/api/loan-reports/disbursements-collections?date=${day}&from=${firstDue}`,
    );
    const due = await one<{ v: string }>(
      sql`select sum(principal_due + interest_due + fee_due + penalty_due)::text as v from loan_instalments
           where due_date = ${firstDue}::date`,
    );
    // B paid its second instalment on the first due date (its first was paid ahead, on disbursement day).
    const paid = await one<{ v: string }>(
      sql`select coalesce(sum(amount), 0)::numeric(18,2)::text as v from loan_repayments
           where value_date = ${firstDue}::date and reversal_entry_id is null`,
    );
    expect(Number(paid.v)).toBeGreaterThan(0);
    expect(body.rows.find((r) => r.day === firstDue)).toMatchObject({
      expected: due.v,
      collected: paid.v,
      rate: ((100 * Number(paid.v)) / Number(due.v)).toFixed(2),
    });
    const bad = await get(
      s.officer,
      `/api/loan-reports/disbursements-collections?date=${firstDue}&from=${day}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { path: string }[] }>().details[0]!.path).toBe('/from');
  });

  it('the officer’s portfolio and the dashboard’s Active Loans: the officer’s own book, else the branch', async () => {
    const card = await get(s.officer, '/api/loan-reports/active-loans');
    expect(card.json<ActiveLoansCard>()).toEqual({
      scope: 'officer',
      label: LOAN_REPORT_TEXT.scope.officer,
      count: 2,
    });
    const other = await get(s.officer2, '/api/loan-reports/active-loans');
    expect(other.json<ActiveLoansCard>()).toMatchObject({ scope: 'branch', count: 2 });
    expect(
      (await get(s.awayOfficer, '/api/loan-reports/active-loans')).json<ActiveLoansCard>(),
    ).toMatchObject({ count: 0 });
    const { total } = await report(
      s.officer,
      `/api/loan-reports/officer-portfolio?date=${day}&sort=dpd&order=desc`,
    );
    expect(total).toBe(2);
  });

  it('the built-reports catalogue runs the return in the background, its GL lines at the foot', async () => {
    const res = await s.call('POST', '/api/built-reports/runs', s.boss, {
      reportId: 'loan_classification_return',
      format: 'screen',
      params: { date: day },
    });
    expect(res.statusCode, res.body).toBe(202);
    let run = res.json<ReportRun>();
    for (let i = 0; i < 200 && run.status !== 'done' && run.status !== 'failed'; i++) {
      reportWorkerFor(t.app.dbHandle)!.kick();
      await reportWorkerFor(t.app.dbHandle)!.idle();
      run = (await get(s.boss, `/api/built-reports/runs/${run.id}`)).json<ReportRun>();
    }
    expect(run.status, run.error ?? '').toBe('done');
    const table = (
      await get(s.boss, `/api/built-reports/runs/${run.id}/result?page=1&pageSize=10`)
    ).json<ReportTable>();
    expect(table.rows).toHaveLength(5);
    expect(table.totals.map((r) => r.join(' '))).toContainEqual(
      expect.stringContaining('Loan loss provision (GL 1490) SLE report 150.00 GL 150.00 difference 0.00'),
    );
  });

  it('branch scope: another branch’s officer sees none of it and is refused this branch (403); bad dates are 400 on the field', async () => {
    const branch = (await one<{ b: string }>(sql`select branch_code as b from loans where id = ${a}`)).b;
    expect((await report(s.awayOfficer, `/api/loan-reports/arrears-ageing?date=${day}`)).total).toBe(0);
    expect(
      (await get(s.awayOfficer, `/api/loan-reports/arrears-ageing?date=${day}&branch=${branch}`)).statusCode,
    ).toBe(403);
    // A branch's return has no GL beside it: the GL is the bank's.
    expect(
      (await report(s.officer, `/api/loan-reports/classification-return?date=${day}`)).body.reconciliation,
    ).toEqual([]);
    const future = await get(s.officer, '/api/loan-reports/portfolio-at-risk?date=2999-01-01');
    expect(future.statusCode).toBe(400);
    expect(future.json<{ details: { path: string }[] }>().details[0]!.path).toBe('/date');
    expect((await get(s.officer, '/api/loan-reports/portfolio-at-risk?date=2026-02-30')).statusCode).toBe(
      400,
    );
    expect((await get(s.officer, '/api/loan-reports/nonsense')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/loan-reports/portfolio-at-risk' })).statusCode,
    ).toBe(401);
    expect((await get(s.cso, '/api/loan-reports/portfolio-at-risk')).statusCode).toBe(403);
  });

  /** A Loan account lent outside the loan book (taken over from an earlier system), against suspense. */
  const takeOver = (accountId: number, amount: string) =>
    postEntry(t.app.db, {
      source: 'system',
      narration: 'A loan taken over from an earlier system',
      lines: [
        { accountId, side: 'debit', amount },
        { glCode: '1900', currency: 'SLE', side: 'credit', amount },
      ],
      audit: { action: 'test.loan_takeover', targetType: 'account', targetId: String(accountId) },
    });
  const outsideLine = (body: LoanReport) => body.rows.find((r) => r.class === LOAN_REPORT_TEXT.outsideBook);
  let takenOver = 0;
  let takenOn = '';

  it('a Loan account with no loan-book record counts apart, unclassified, and the return still equals the GL', async () => {
    takenOn = (await one<{ d: string }>(sql`select current_business_date()::text as d`)).d;
    takenOver = (await openTestAccount(t.app.db, { type: 'Loan' })).accountId;
    await takeOver(takenOver, '500.00');
    const { body } = await report(s.boss, `/api/loan-reports/classification-return?date=${takenOn}`);
    expect(outsideLine(body)).toMatchObject({
      currency: 'SLE',
      loans: '1',
      principal: '500.00',
      held: '0.00',
    });
    expect(body.notes).toContain(LOAN_REPORT_TEXT.outsideBookNote);
    expect(body.reconciliation.map((r) => r.difference)).toEqual(['0.00', '0.00', '0.00']);
    expect(body.notes).toContain(LOAN_REPORT_TEXT.reconciled);
    // The day before, it was not yet lent: nothing apart.
    const before = await report(s.boss, `/api/loan-reports/classification-return?date=${day}`);
    expect(before.body.rows.map((r) => r.class)).not.toContain(LOAN_REPORT_TEXT.outsideBook);
  });

  it('end of day’s aggregate keeps the day’s accounts outside the book, and a past date’s return reads it', async () => {
    await t.app.db.transaction((tx) => aggregateDay(tx, takenOn, 'eod'));
    expect(
      await queryRows(
        t.app.db,
        sql`select currency, accounts, principal::text from report_daily_loans_outside_book
             where business_date = ${takenOn}::date order by currency`,
      ),
    ).toEqual([
      { currency: 'SLE', accounts: 1, principal: '500.00' },
      { currency: 'USD', accounts: 0, principal: '0.00' },
    ]);
    // The next day lends 200.00 more on it: the past date still reads 500.00, and the GL agrees.
    await setBusinessDate(t.app, plus(takenOn, 1));
    await takeOver(takenOver, '200.00');
    const past = await report(s.boss, `/api/loan-reports/classification-return?date=${takenOn}`);
    expect(outsideLine(past.body)).toMatchObject({ loans: '1', principal: '500.00' });
    expect(past.body.reconciliation.map((r) => r.difference)).toEqual(['0.00', '0.00', '0.00']);
    const now = await report(s.boss, `/api/loan-reports/classification-return?date=${plus(takenOn, 1)}`);
    expect(outsideLine(now.body)).toMatchObject({ loans: '1', principal: '700.00' });
    // What the past date shows is the aggregate's row, not the accounts read again: a figure written
    // there (and nowhere else) is the one the return prints, and the GL beside it then disagrees.
    await t.app.db.execute(
      sql`update report_daily_loans_outside_book set principal = 480 where business_date = ${takenOn}::date and currency = 'SLE'`,
    );
    const planted = await report(s.boss, `/api/loan-reports/classification-return?date=${takenOn}`);
    expect(outsideLine(planted.body)).toMatchObject({ principal: '480.00' });
    expect(planted.body.notes).toContain(LOAN_REPORT_TEXT.notReconciled);
  });
});
