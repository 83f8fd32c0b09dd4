import { sql } from 'drizzle-orm';
import { toCents } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import {
  accrueLoanChunk,
  classifyLoanChunk,
  loanBookViolations,
  suspenseChunk,
} from '../../src/modules/loan-book/index.ts';
import { setBusinessDate } from './eod.ts';
import { borrower, salaryLoan, type loanScene } from './loan-applications.ts';
import { postEntry } from '../../src/modules/ledger/index.ts';

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

/** The loan steps for one business date, every chunk in its own transaction (as end of day runs them). */
export async function runLoanBook(app: App, date: string, through = date, limit = 50): Promise<void> {
  await setBusinessDate(app, date);
  for (const step of [accrueLoanChunk, classifyLoanChunk, suspenseChunk]) {
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

let repayments = 0;

/**
 * Cash into (`credit`) or out of (`debit`) a customer account against suspense 1900, through the
 * ledger with its audit row (so the ledger's invariants hold for the loan book's checks).
 */
export async function moveCash(app: App, accountNumber: string, amount: string, side: 'credit' | 'debit') {
  const [a] = await queryRows<{ id: string }>(
    app.db,
    sql`select id::text from accounts where account_number = ${accountNumber}`,
  );
  await app.db.transaction((tx) =>
    postEntry(tx, {
      source: 'system',
      narration: `Test cash ${side === 'credit' ? 'into' : 'out of'} ${accountNumber}`,
      lines: [
        { accountId: Number(a!.id), side, amount },
        { glCode: '1900', currency: 'SLE', side: side === 'credit' ? 'debit' : 'credit', amount },
      ],
      audit: { action: 'test.cash', targetType: 'account', targetId: accountNumber },
    }),
  );
}

/**
 * A repayment of up to `amount` through the real route (by transfer from the borrower's repayment
 * account, topped up first): what is more than is due is refused by the service, so the payment is
 * cut to the `atMost` it names; nothing due, nothing paid. Returns the repayment's journal entry id
 * (null: nothing paid).
 */
export async function repayUpTo(app: App, s: Scene, loanId: number, amount: string): Promise<number | null> {
  if (toCents(amount) <= 0n) return null;
  const [l] = await queryRows<{ acct: string }>(
    app.db,
    sql`select a.account_number as acct from loans l join accounts a on a.id = l.repayment_account_id where l.id = ${loanId}`,
  );
  await moveCash(app, l!.acct, amount, 'credit');
  const pay = (amt: string) =>
    s.call('POST', `/api/loans/${loanId}/repayments`, s.officer, {
      fromAccount: l!.acct,
      amount: amt,
      reference: `LB-${loanId}-${++repayments}`,
      overpayment: 'refuse',
    });
  let res = await pay(amount);
  if (res.statusCode === 409) {
    const d = res.json<{ details?: { code?: string; atMost?: string } }>().details;
    if (d?.code === 'nothing_due' || d?.code === 'loan_not_active') return null;
    if (d?.code !== 'overpayment' || !d.atMost) throw new Error(`repay: ${res.body}`);
    res = await pay(d.atMost);
  }
  if (res.statusCode !== 201) throw new Error(`repay: ${res.statusCode} ${res.body}`);
  return res.json<{ entryId: number }>().entryId;
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
