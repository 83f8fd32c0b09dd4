import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { accrueLoanChunk, classifyLoanChunk, loanBookViolations } from '../../src/modules/loan-book/index.ts';
import { postEntry, type EntryLine } from '../../src/modules/ledger/index.ts';
import { setBusinessDate } from './eod.ts';
import { borrower, salaryLoan, type loanScene } from './loan-applications.ts';

type Scene = Awaited<ReturnType<typeof loanScene>>;

/** A Salary Loan taken, appraised, approved and disbursed (four-eyes each time) on the business date. */
export async function disbursedLoan(app: App, s: Scene, amount = '20000.00'): Promise<number> {
  const b = await borrower(app);
  const res = await s.call('POST', '/api/loan-applications', s.officer, salaryLoan(b, { amount }));
  if (res.statusCode !== 201) throw new Error(`apply: ${res.statusCode} ${res.body}`);
  const id = res.json<{ application: { id: number } }>().application.id;
  const act = (who: typeof s.officer, action: string, body: unknown = {}) =>
    s.call('POST', `/api/loan-applications/${id}/${action}`, who, body);
  const approve = (who: typeof s.officer, approvalId: string) =>
    s.call('POST', `/api/approvals/${approvalId}/approve`, who);
  await act(s.officer, 'submit');
  const appraised = await act(s.officer2, 'appraise', { recommendation: 'approve', notes: 'Fine.' });
  await approve(s.mgr2, appraised.json<{ approvalId: string }>().approvalId);
  const asked = await act(s.officer, 'disburse');
  if (asked.statusCode !== 202) throw new Error(`disburse: ${asked.statusCode} ${asked.body}`);
  const ok = await approve(s.mgr, asked.json<{ approvalId: string }>().approvalId);
  if (ok.statusCode !== 200) throw new Error(`approve disbursement: ${ok.statusCode} ${ok.body}`);
  const [l] = await queryRows<{ id: number }>(app.db, sql`select id from loans where application_id = ${id}`);
  return Number(l!.id);
}

const ACTOR = { id: null, email: 'eod@test' };

/** Both loan steps for one business date, every chunk in its own transaction (as end of day runs them). */
export async function runLoanBook(app: App, date: string, through = date, limit = 50): Promise<void> {
  await setBusinessDate(app, date);
  for (const step of [accrueLoanChunk, classifyLoanChunk]) {
    let cursor = 0;
    for (;;) {
      const r = await app.db.transaction((tx) =>
        step(tx, { businessDate: date, through, cursor, limit, runId: 0, actor: ACTOR }),
      );
      if (r.lastId === null) break;
      cursor = r.lastId;
    }
  }
}

/**
 * Stands in for a repayment (another module's): cash from suspense 1900 pays the oldest instalments
 * first, each interest, fee, penalty then principal; the interest is taken from the receivable up to
 * `loans.interest_receivable`, the rest to income. Posted through the ledger; the paid columns and the
 * receivable move with it.
 */
export async function simulateRepayment(app: App, loanId: number, amount: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [loan] = await queryRows<{ account_id: string; recv: string; rgl: string; igl: string }>(
      tx,
      sql`select l.account_id::text, l.interest_receivable::text as recv, p.interest_receivable_gl as rgl,
                 p.interest_income_gl as igl
            from loans l join loan_products p on p.code = l.product_code where l.id = ${loanId} for update of l`,
    );
    const inst = await queryRows<Record<string, string>>(
      tx,
      sql`select instalment_number::text as n, (interest_due - interest_paid)::text as interest,
                 (fee_due - fee_paid)::text as fee, (penalty_due - penalty_paid)::text as penalty,
                 (principal_due - principal_paid)::text as principal
            from loan_instalments where loan_id = ${loanId} order by instalment_number`,
    );
    let left = toCents(amount);
    const paid = { interest: 0n, fee: 0n, penalty: 0n, principal: 0n };
    for (const i of inst) {
      for (const part of ['interest', 'fee', 'penalty', 'principal'] as const) {
        const take = left < toCents(i[part]!) ? left : toCents(i[part]!);
        if (take <= 0n) continue;
        left -= take;
        paid[part] += take;
        await tx.execute(
          sql`update loan_instalments set ${sql.raw(`${part}_paid = ${part}_paid`)} + ${fromCents(take)}::numeric
               where loan_id = ${loanId} and instalment_number = ${Number(i.n)}`,
        );
      }
    }
    const total = paid.interest + paid.fee + paid.penalty + paid.principal;
    if (total === 0n) return;
    const fromRecv = paid.interest < toCents(loan!.recv) ? paid.interest : toCents(loan!.recv);
    const lines: EntryLine[] = [{ glCode: '1900', currency: 'SLE', side: 'debit', amount: fromCents(total) }];
    const credit = (glCode: string, c: bigint) => {
      if (c > 0n) lines.push({ glCode, currency: 'SLE', side: 'credit', amount: fromCents(c) });
    };
    if (paid.principal > 0n)
      lines.push({ accountId: Number(loan!.account_id), side: 'credit', amount: fromCents(paid.principal) });
    credit(loan!.rgl, fromRecv);
    credit(loan!.igl, paid.interest - fromRecv);
    credit('4021', paid.fee);
    credit('4040', paid.penalty);
    await tx.execute(
      sql`update loans set interest_receivable = interest_receivable - ${fromCents(fromRecv)}::numeric where id = ${loanId}`,
    );
    await postEntry(tx, {
      source: 'system',
      narration: `Test repayment of loan ${loanId}`,
      lines,
      audit: { action: 'test.loan_repayment', targetType: 'loan', targetId: String(loanId) },
    });
  });
}

/**
 * The ledger's and the loan book's invariants together: empty when all hold. The loan scene's own
 * capital entry is written straight to the tables without an audit row, so that one finding is its.
 */
export async function loanBookProblems(app: App): Promise<string[]> {
  const ledger = await queryRows<{ problem: string }>(
    app.db,
    sql`select problem from ledger_violations()
         where problem not like 'entry % (system) has no audit row'
            or problem not in (select 'entry ' || id || ' (system) has no audit row' from journal_entries where reference like 'CAP-%')`,
  );
  return [...ledger.map((r) => r.problem), ...(await loanBookViolations(app.db))];
}
