import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dueDateOf, loansWithPayAccounts, setAvailable } from '../../../test/support/auto-debit.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { loanBookProblems } from '../../../test/support/loan-book.ts';
import { setBusinessDate } from '../../../test/support/loans.ts';
import { queryRows } from '../../db/rows.ts';
import { verifyAuditChain } from '../audit/index.ts';
import { autoDebitChunk } from './auto-debit.ts';

const ACTOR = { id: null, email: 'eod@test' };

/**
 * The set-based auto-debit at the edges a user meets (ADR 0069), PGlite or PostgreSQL: one journal
 * per loan, so the journal's four-eyes reversal undoes one loan's collection exactly while the
 * others stand; a loan whose paying account the repayment service refuses goes through it and is a
 * failure naming that account, while the rest of its chunk is collected in bulk.
 */
describe('loans: set-based auto-debit', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let due1 = '';
  type Loan = Awaited<ReturnType<typeof loansWithPayAccounts>>[number];
  const loans: Loan[] = [];
  let aBefore = '';

  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    (await queryRows<T>(t.app.db, q))[0]!;

  /** Everything a collection touches: the schedule, the loan's row, both accounts' balances. */
  const stateOf = async (l: Loan) =>
    (
      await one<{ v: string }>(
        sql`select (select string_agg(concat_ws(':', instalment_number, principal_paid, interest_paid, fee_paid,
                      penalty_paid), ',' order by instalment_number) from loan_instalments where loan_id = ${l.loanId})
                 || '/' || (select concat_ws(':', status, closed_on, interest_receivable, interest_in_suspense,
                                             penalty_receivable, penalty_in_suspense) from loans where id = ${l.loanId})
                 || '/' || (select balance from accounts where id = (select account_id from loans where id = ${l.loanId}))
                 || '/' || (select balance from accounts where id = ${l.payId}) as v`,
      )
    ).v;

  /** The step for one date, each chunk in its own transaction; the loans each chunk sent per loan. */
  const step = async (date: string) => {
    await setBusinessDate(t.app, date);
    const perLoan: number[] = [];
    const failures: { accountId: number; error: string }[] = [];
    for (let cursor = 0; ;) {
      const args = { businessDate: date, through: date, cursor, limit: 50, runId: 0, actor: ACTOR };
      const r = await t.app.db.transaction((tx) => autoDebitChunk(tx, args));
      if (r.lastId === null) return { perLoan, failures };
      perLoan.push(r.perLoan);
      failures.push(...r.failures);
      cursor = r.lastId;
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    loans.push(...(await loansWithPayAccounts(t.app, s, 3)));
    due1 = await dueDateOf(t.app, loans[0]!.loanId);
  });
  afterAll(() => t.close());

  it('a refused paying account is a named failure; the rest of the chunk is collected in bulk', async () => {
    const [a, b, odd] = loans;
    // The third loan names another loan's own account as its repayment account (given room by an
    // overdraft limit, so the candidates find money on it): the repayment service refuses a loan account.
    const aLoanAccount = Number(
      (await one<{ id: string }>(sql`select account_id::text as id from loans where id = ${a!.loanId}`)).id,
    );
    await t.app.db.execute(
      sql`update loans set repayment_account_id = ${aLoanAccount} where id = ${odd!.loanId}`,
    );
    await t.app.db.execute(sql`update accounts set overdraft_limit = 100000 where id = ${aLoanAccount}`);
    await setAvailable(t.app, a!.payId, { balance: '5000.00' });
    await setAvailable(t.app, b!.payId, { balance: '700.00' });
    const before = { a: await stateOf(a!), b: await stateOf(b!) };
    aBefore = before.a;
    const run = await step(due1);
    expect(run.perLoan).toEqual([1]);
    expect(run.failures).toMatchObject([{ accountId: aLoanAccount }]);
    const got = await queryRows<{ loan_id: number; amount: string; entry: string }>(
      t.app.db,
      sql`select r.loan_id, r.amount::text, e.reference as entry from loan_repayments r
            join journal_entries e on e.id = r.entry_id where r.channel = 'auto_debit' order by r.loan_id`,
    );
    expect(got).toEqual([
      { loan_id: a!.loanId, amount: '1891.19', entry: `LNR-AD-${a!.loanId}-${due1}` },
      { loan_id: b!.loanId, amount: '700.00', entry: `LNR-AD-${b!.loanId}-${due1}` },
    ]);
    expect(await stateOf(a!)).not.toBe(before.a);
    expect(await stateOf(b!)).not.toBe(before.b);
    expect(await loanBookProblems(t.app)).toEqual([]);
    // The audit rows written by one statement each link to the one before, as single rows do.
    const audited = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'loan.repay' and details->>'channel' = 'auto_debit'`,
    );
    expect(audited.n).toBe(2);
    expect((await verifyAuditChain(t.app.db)).ok).toBe(true);
  });

  it('the four-eyes reversal of one loan’s journal undoes its collection exactly; the others stand', async () => {
    const [a, b] = loans;
    const [ra] = await queryRows<{ entry_id: string }>(
      t.app.db,
      sql`select entry_id::text from loan_repayments where loan_id = ${a!.loanId} and channel = 'auto_debit'
           order by id desc limit 1`,
    );
    const bBefore = await stateOf(b!);
    await setBusinessDate(t.app, due1);
    const asked = await s.call('POST', `/api/journal-entries/${ra!.entry_id}/reversal`, s.mgr2, {
      reason: 'Collected from the wrong account',
      reference: `RV-AD-${a!.loanId}`,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const ok = await s.call(
      'POST',
      `/api/approvals/${asked.json<{ approvalId: string }>().approvalId}/approve`,
      s.mgr,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await one<{ paid: string; rev: string | null }>(
      sql`select (select sum(principal_paid + interest_paid + fee_paid + penalty_paid)::text from loan_instalments
                   where loan_id = ${a!.loanId}) as paid,
                 (select reversal_entry_id::text from loan_repayments where entry_id = ${ra!.entry_id}) as rev`,
    );
    expect(after.paid).toBe('0.00');
    expect(after.rev).not.toBeNull();
    expect(await stateOf(a!)).toBe(aBefore);
    expect(await stateOf(b!)).toBe(bBefore);
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('a refusal the database makes is recorded in its own words, not as the SQL that met it', async () => {
    const [, b] = loans;
    const due2 = await one<{ d: string }>(
      sql`select to_char(due_date, 'YYYY-MM-DD') as d from loan_instalments
           where loan_id = ${b!.loanId} and instalment_number = 2`,
    );
    await setAvailable(t.app, b!.payId, { balance: '5000.00' });
    await setBusinessDate(t.app, due2.d);
    // A run whose requester is on no staff row: the database refuses every repayment it would write.
    const stranger = { id: '00000000-0000-4000-8000-000000000001', email: 'nobody@test' };
    const r = await t.app.db.transaction((tx) =>
      autoDebitChunk(tx, {
        businessDate: due2.d,
        through: due2.d,
        cursor: 0,
        limit: 50,
        runId: 0,
        actor: stranger,
      }),
    );
    expect(r.bulkRefusal).toMatch(/violates foreign key constraint/);
    expect(r.failures.length).toBeGreaterThan(0);
    for (const f of r.failures) expect(f.error).not.toMatch(/Failed query/);
    expect(r.failures.map((f) => f.error)).toContainEqual(
      expect.stringMatching(/violates foreign key constraint/),
    );
  });
});
