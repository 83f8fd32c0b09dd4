import { sql } from 'drizzle-orm';
import {
  LOAN_APPLICATION_TEXT as T,
  compareAmounts,
  type LoanApplicationBody,
  type LoanProduct,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/http-error.ts';
import { getLoanProduct } from '../loan-products/index.ts';

export type Problem = { path: string; message: string };
export const invalid = (problems: Problem[]) => badRequest('Invalid request', problems);

/** What the checks found, for the row the route writes. */
export interface Resolved {
  branch: string;
  product: LoanProduct;
  rate: string;
  repaymentAccountId: number;
}

/** Rates compare in SQL numeric, never as floats. */
const rateBetween = async (db: Database, rate: string, min: string, max: string) => {
  const [r] = await queryRows<{ ok: boolean }>(
    db,
    sql`select ${rate}::numeric between ${min}::numeric and ${max}::numeric as ok`,
  );
  return r!.ok;
};

/**
 * The rules an application must keep, each a 400 whose `details` name the field and the rule:
 * an Active customer with complete KYC; a product's amount, term and rate; the borrower's own
 * Active current or savings account in the loan's currency; guarantors who exist and are not the
 * borrower; a salary loan's salary. Nothing is written.
 */
export async function checkApplication(db: Database, b: LoanApplicationBody): Promise<Resolved> {
  const [c] = await queryRows<{ status: string; kyc: boolean; branch: string }>(
    db,
    sql`select status, kyc_complete as kyc, branch_code as branch from customers where cust_id = ${b.custId}`,
  );
  if (!c) throw invalid([{ path: '/custId', message: T.customerNotFound }]);
  const problems: Problem[] = [];
  if (c.status !== 'Active') problems.push({ path: '/custId', message: T.customerNotActive });
  else if (!c.kyc) problems.push({ path: '/custId', message: T.kycIncomplete });

  const product = await getLoanProduct(db, b.productCode).catch(() => null);
  if (!product || product.status !== 'active')
    throw invalid([{ path: '/productCode', message: T.productNotFound }]);
  const t = product.terms;
  if (compareAmounts(b.amount, t.amount.min) < 0 || compareAmounts(b.amount, t.amount.max) > 0)
    problems.push({ path: '/amount', message: T.amountRange(t.amount.min, t.amount.max) });
  if (b.term < t.term.min || b.term > t.term.max)
    problems.push({ path: '/term', message: T.termRange(t.term.min, t.term.max) });
  const rate = b.rate ?? t.rate.default;
  if (!(await rateBetween(db, rate, t.rate.min, t.rate.max)))
    problems.push({ path: '/rate', message: T.rateRange(t.rate.min, t.rate.max) });
  if (t.maxDebtServiceRatio !== null && b.salary === null)
    problems.push({ path: '/salary', message: T.salaryRequired });

  const [acct] = await queryRows<{
    id: string;
    cust_id: number;
    status: string;
    type: string;
    currency: string;
  }>(
    db,
    sql`select id::text, cust_id, status, account_type as type, currency from accounts where account_number = ${b.repaymentAccount}`,
  );
  if (
    !acct ||
    acct.cust_id !== b.custId ||
    acct.status !== 'Active' ||
    !['Current', 'Savings'].includes(acct.type)
  )
    problems.push({ path: '/repaymentAccount', message: T.repaymentAccount });
  else if (acct.currency !== product.currency)
    problems.push({ path: '/repaymentAccount', message: T.repaymentCurrency });

  const ids = b.guarantors.map((g) => g.custId);
  const found = ids.length
    ? await queryRows<{ cust_id: number }>(
        db,
        sql`select cust_id from customers where cust_id = any(${`{${ids.join(',')}}`}::int[])`,
      )
    : [];
  b.guarantors.forEach((g, i) => {
    if (g.custId === b.custId)
      problems.push({ path: `/guarantors/${i}/custId`, message: T.guarantorIsBorrower });
    else if (!found.some((f) => Number(f.cust_id) === g.custId))
      problems.push({ path: `/guarantors/${i}/custId`, message: T.guarantorNotFound });
  });
  if (problems.length > 0) throw invalid(problems);
  return { branch: c.branch, product, rate, repaymentAccountId: Number(acct!.id) };
}
