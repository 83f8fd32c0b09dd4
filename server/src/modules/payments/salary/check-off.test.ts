import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAccountNumber } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../../test/support/harness.ts';
import { borrower, loanScene } from '../../../../test/support/loan-applications.ts';
import { loanBookProblems } from '../../../../test/support/loan-book.ts';
import { disbursedLoan, topUp, trialBalance } from '../../../../test/support/loans.ts';
import { queryRows } from '../../../db/rows.ts';

/**
 * Salary check-off (docs/payments.md), PGlite or PostgreSQL (TEST_DATABASE_URL): a salary file whose
 * header names a `loan` column pays each named loan's instalment from the salary, through the one
 * repayment service; the loan of another customer, an unknown or a closed loan is a line problem; a
 * repayment refused at posting keeps the salary and says why; the books balance.
 */
describe('salary check-off', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let employer = '';
  let n = 0;

  const balance = async (number: string) =>
    (
      await queryRows<{ b: string }>(
        t.app.db,
        sql`select balance::text as b from accounts where account_number = ${number}`,
      )
    )[0]!.b;
  const upload = (csv: string) =>
    s.call('POST', '/api/salary-batches', s.mgr, {
      employer_account: employer,
      reference: `SAL-CO-${process.pid}-${++n}`,
      narration: 'Salary November',
      csv,
    });
  type Line = {
    line_no: number;
    problem: string | null;
    loan_account: string | null;
    check_off: string | null;
  };
  const lines = async (id: string) =>
    (await s.call('GET', `/api/salary-batches/${id}/lines?pageSize=100`, s.mgr)).json<Line[]>();
  const post = async (id: string) => {
    const submitted = await s.call('POST', `/api/salary-batches/${id}/submit`, s.mgr, {});
    expect(submitted.statusCode, submitted.body).toBe(202);
    const ok = await s.call('POST', `/api/approvals/${submitted.json().approvalId}/approve`, s.mgr2, {});
    expect(ok.statusCode, ok.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    employer = (await borrower(t.app)).account;
    await topUp(t.app, employer, '100000.00');
  });
  afterAll(() => t.close());

  it('pays the next instalment from the salary, names the loan on the line, and keeps the books balanced', async () => {
    const loan = await disbursedLoan(t.app, s);
    const plain = await borrower(t.app);
    const before = await balance(loan.custAccount);
    const csv = [
      'account,amount,narration,loan',
      `${loan.custAccount},5000.00,"Pay, November",${loan.loanAccount}`,
      `${plain.account},3000.00,Pay November,`,
    ].join('\n');
    const r = await upload(csv);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ line_count: 2, problem_count: 0, total: '8000.00' });
    await post(r.json().id);

    // The first instalment of the Salary Loan (EMI Le 1,891.19) is paid ahead from the salary.
    expect((await lines(r.json().id)).map((l) => [l.line_no, l.loan_account, l.check_off])).toEqual([
      [2, loan.loanAccount, '1891.19'],
      [3, null, null],
    ]);
    const [rep] = await queryRows<{ channel: string; amount: string; reference: string }>(
      t.app.db,
      sql`select channel, amount::text, reference from loan_repayments where loan_id = ${loan.loanId}`,
    );
    expect(rep).toEqual({ channel: 'check_off', amount: '1891.19', reference: `SAL-${r.json().id}-2` });
    const [paid] = await queryRows<{ paid: string }>(
      t.app.db,
      sql`select (principal_paid + interest_paid)::text as paid from loan_instalments
           where loan_id = ${loan.loanId} and instalment_number = 1`,
    );
    expect(paid!.paid).toBe('1891.19');
    expect(await balance(loan.custAccount)).toBe((Number(before) + 5000 - 1891.19).toFixed(2));
    expect(await balance(plain.account)).toBe('3000.00');
    for (const row of await trialBalance(t.app)) expect(row.net, row.currency).toBe('0.00');
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('refuses, line by line, a loan nobody has, another customer’s loan and a closed loan', async () => {
    const mine = await disbursedLoan(t.app, s);
    const theirs = await disbursedLoan(t.app, s);
    const closed = await disbursedLoan(t.app, s);
    await t.app.db.execute(sql`update loans set status = 'Closed' where id = ${closed.loanId}`);
    const csv = [
      'Account,Amount,Narration,Loan',
      `${mine.custAccount},100.00,Pay,${makeAccountNumber('101', 99_999_998)}`,
      `${mine.custAccount.slice(0, 4)},100.00,Pay,`,
      `${theirs.custAccount},100.00,Pay,${mine.loanAccount}`,
      `${closed.custAccount},100.00,Pay,${closed.loanAccount}`,
    ].join('\n');
    const r = await upload(csv);
    expect(r.statusCode, r.body).toBe(201);
    expect((await lines(r.json().id)).map((l) => [l.line_no, l.problem])).toEqual([
      [2, 'loan_not_found'],
      [3, 'check_digit'],
      [4, 'loan_other_customer'],
      [5, 'loan_not_active'],
    ]);
    // Fixed on the screen: the loan cleared, so line 4 pays the salary alone.
    const fixed = await s.call('PUT', `/api/salary-batches/${r.json().id}/lines/4`, s.mgr, {
      account_number: theirs.custAccount,
      amount: '100.00',
      narration: 'Pay',
      loan_account: '',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().problem_count).toBe(3);
  });

  it('a repayment refused at posting keeps the salary in the account and records why', async () => {
    const loan = await disbursedLoan(t.app, s);
    const r = await upload(
      ['account,amount,narration,loan', `${loan.custAccount},2500.00,Pay,${loan.loanAccount}`].join('\n'),
    );
    expect(r.json().problem_count).toBe(0);
    // Closed after validation and submission: the repayment service refuses it at posting.
    const submitted = await s.call('POST', `/api/salary-batches/${r.json().id}/submit`, s.mgr, {});
    await t.app.db.execute(sql`update loans set status = 'Closed' where id = ${loan.loanId}`);
    const before = await balance(loan.custAccount);
    const ok = await s.call('POST', `/api/approvals/${submitted.json().approvalId}/approve`, s.mgr2, {});
    expect(ok.statusCode, ok.body).toBe(200);
    const [line] = await queryRows<{ check_off: string; refusal: string | null }>(
      t.app.db,
      sql`select check_off::text, check_off_refusal as refusal from salary_batch_lines where batch_id = ${Number(r.json().id)}`,
    );
    expect(line!.check_off).toBe('0.00');
    expect(line!.refusal).toMatch(/not Active/);
    expect(await balance(loan.custAccount)).toBe((Number(before) + 2500).toFixed(2));
    for (const row of await trialBalance(t.app)) expect(row.net, row.currency).toBe('0.00');
  });
});
