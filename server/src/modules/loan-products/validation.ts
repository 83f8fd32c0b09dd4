import { sql } from 'drizzle-orm';
import type { LoanProductGl } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/http-error.ts';

export type Problem = { path: string; message: string };

/** 400 in the shape the error handler gives route-schema failures, so the form reads both alike. */
export const invalid = (problems: Problem[]) => badRequest('Invalid request', problems);

export const LOAN_GL_TEXT = {
  missing: 'No active GL account with this code',
  portfolio: 'The loan portfolio must be an active asset control account in the product’s currency',
  receivable: 'Interest receivable must be an asset account',
  income: 'This must be an income account',
  currency: 'This GL account does not take the product’s currency',
  notControl: 'Only the loan portfolio may be a control account',
} as const;

/** The class each mapping must be of: what the loan postings will debit or credit. */
const CLASS_OF: Record<keyof LoanProductGl, { glClass: string; message: string }> = {
  portfolio: { glClass: 'asset', message: LOAN_GL_TEXT.portfolio },
  interestReceivable: { glClass: 'asset', message: LOAN_GL_TEXT.receivable },
  interestIncome: { glClass: 'income', message: LOAN_GL_TEXT.income },
  feeIncome: { glClass: 'income', message: LOAN_GL_TEXT.income },
  penaltyIncome: { glClass: 'income', message: LOAN_GL_TEXT.income },
};

/**
 * The GL accounts a product's loans will post to: each exists, is active and postable (not a group);
 * the portfolio is an asset control account in the product's currency (loans are its sub-ledger); the
 * others are postable accounts of the right class that take the currency.
 */
export async function loanGlProblems(db: Database, gl: LoanProductGl, currency: string): Promise<Problem[]> {
  const rows = await queryRows<{
    code: string;
    kind: string;
    class: string;
    currency: string;
    status: string;
    is_control: boolean;
  }>(
    db,
    sql`select code, kind, class, currency, status, is_control from gl_accounts
        where code = any(${`{${Object.values(gl).join(',')}}`}::text[])`,
  );
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const problems: Problem[] = [];
  for (const [key, code] of Object.entries(gl) as [keyof LoanProductGl, string][]) {
    const g = byCode.get(code);
    const path = `/gl/${key}`;
    const want = CLASS_OF[key];
    if (!g || g.kind !== 'account' || g.status !== 'active')
      problems.push({ path, message: LOAN_GL_TEXT.missing });
    else if (key === 'portfolio') {
      if (!g.is_control || g.class !== want.glClass || g.currency !== currency)
        problems.push({ path, message: want.message });
    } else if (g.is_control) problems.push({ path, message: LOAN_GL_TEXT.notControl });
    else if (g.class !== want.glClass) problems.push({ path, message: want.message });
    else if (g.currency !== currency && g.currency !== 'both')
      problems.push({ path, message: LOAN_GL_TEXT.currency });
  }
  return problems;
}
