import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { postTestEntry } from './journal-entries.ts';
import { borrower, salaryLoan, type loanScene } from './loan-applications.ts';
import type { StaffUser } from './staff-users.ts';

type Scene = Awaited<ReturnType<typeof loanScene>>;

/**
 * A disbursed Salary Loan (Le 20,000 at 24% over 12 months, 2% fee deducted) through the real routes:
 * taken and asked for by the officer, appraised by a second officer, approved and paid out by Branch
 * Managers. The borrower's savings account holds the net Le 19,600.
 */
export async function disbursedLoan(
  app: App,
  s: Scene,
  /** overrideReason: for a bank whose flags (a concentration against a small capital) need one. */
  o: { amount?: string; branch?: string; overrideReason?: string } = {},
) {
  const b = await borrower(app, o.branch ? { branch: o.branch } : {});
  const post = (who: StaffUser, url: string, body: unknown = {}) => s.call('POST', url, who, body);
  const taken = await post(
    s.officer,
    '/api/loan-applications',
    salaryLoan(b, o.amount ? { amount: o.amount } : {}),
  );
  if (taken.statusCode !== 201) throw new Error(`apply: ${taken.body}`);
  const id = taken.json<{ application: { id: number } }>().application.id;
  await post(s.officer, `/api/loan-applications/${id}/submit`);
  const appraised = await post(s.officer2, `/api/loan-applications/${id}/appraise`, {
    recommendation: 'approve',
    notes: 'Fine.',
    ...(o.overrideReason ? { overrideReason: o.overrideReason } : {}),
  });
  await post(s.mgr2, `/api/approvals/${appraised.json<{ approvalId: string }>().approvalId}/approve`);
  const asked = await post(s.officer, `/api/loan-applications/${id}/disburse`);
  const paid = await post(s.mgr, `/api/approvals/${asked.json<{ approvalId: string }>().approvalId}/approve`);
  if (paid.statusCode !== 200) throw new Error(`disburse: ${paid.body}`);
  const [l] = await queryRows<{ id: number; account_number: string }>(
    app.db,
    sql`select l.id, a.account_number from loans l join accounts a on a.id = l.account_id where l.application_id = ${id}`,
  );
  return { loanId: Number(l!.id), loanAccount: l!.account_number, custAccount: b.account, custId: b.custId };
}

/** Moves the bank's business date (the tests' clock for due dates). */
export async function setBusinessDate(app: App, date: string): Promise<void> {
  await app.db.execute(sql`update bank_business_date set business_date = ${date}::date`);
}

/** The net of every journal line per currency: 0.00 when the books balance. */
export const trialBalance = (app: App) =>
  queryRows<{ currency: string; net: string }>(
    app.db,
    sql`select currency, sum(case side when 'debit' then amount else -amount end)::text as net
        from journal_lines group by currency`,
  );

/** Credits a customer account (Dr a suspense GL): a borrower's top-up before a payoff. */
export async function topUp(app: App, accountNumber: string, amount: string): Promise<void> {
  const [a] = await queryRows<{ id: string }>(
    app.db,
    sql`select id::text from accounts where account_number = ${accountNumber}`,
  );
  await postTestEntry(
    app.db,
    [
      { accountId: Number(a!.id), side: 'credit', amount },
      { gl: '1900', side: 'debit', amount, currency: 'SLE' },
    ],
    { source: 'seed', narration: 'Top-up' },
  );
}
