import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { repayLoan } from '../../loans/index.ts';
import { reasonOf } from '../../../lib/db-errors.ts';

/** The reference of a line's check-off: one repayment per batch line, ever. */
export const checkOffReference = (batchId: number, lineNo: number) => `SAL-${batchId}-${lineNo}`;

interface CheckOffLine extends Record<string, unknown> {
  line_no: number;
  loan_id: number;
  account_number: string;
  collect: string;
}

/**
 * What each line naming a loan pays toward it: what the loan owes now with its next instalment (the
 * most a repayment takes without prepaying, ADR 0052), never more than the line's salary. The
 * instalments' unpaid parts are read the way the auto-debit reads them (ADR 0061).
 */
const checkOffLinesSql = (batchId: number) => sql`
  select l.line_no, l.loan_id, l.account_number,
         least(l.amount, coalesce(d.owed, 0))::numeric(18,2)::text as collect
    from salary_batch_lines l
    left join lateral (
      with unpaid as (
        select i.due_date, i.principal_due - i.principal_paid + i.interest_due - i.interest_paid
                         + i.fee_due - i.fee_paid + i.penalty_due - i.penalty_paid as owed
          from loan_instalments i where i.loan_id = l.loan_id)
      select sum(u.owed) as owed from unpaid u
       where u.owed > 0
         and u.due_date <= coalesce((select min(n.due_date) from unpaid n
                                      where n.owed > 0 and n.due_date > current_business_date()),
                                    current_business_date())) d on true
   where l.batch_id = ${batchId} and l.loan_id is not null and l.problem is null
   order by l.line_no`;

/**
 * Salary check-off, after the batch's journal has credited every salary: each line naming a loan pays
 * the instalment from the salary just credited, through the loans module's one repayment service
 * (channel `check_off`), so allocation, journal, schedule and audit are a transfer's. Each line runs
 * in its own savepoint: a loan the repayment service refuses (closed since validation, say) keeps the
 * salary in the account and records why, rather than holding back the whole payroll.
 */
export async function checkOffLoans(
  tx: Database,
  batchId: number,
  actor: { id: string | null; email: string },
): Promise<{ lines: number; paid: string; refused: number }> {
  const lines = await queryRows<CheckOffLine>(tx, checkOffLinesSql(batchId));
  let paid = 0n;
  let refused = 0;
  for (const line of lines) {
    let amount = toCents(line.collect) > 0n ? line.collect : '0.00';
    let refusal: string | null = null;
    if (amount !== '0.00') {
      try {
        await tx.transaction((sp) =>
          repayLoan(sp, {
            loanId: Number(line.loan_id),
            amount,
            reference: checkOffReference(batchId, Number(line.line_no)),
            channel: 'check_off',
            source: { kind: 'account', accountNumber: line.account_number },
            overpayment: 'refuse',
            actor,
          }),
        );
        paid += toCents(amount);
      } catch (err) {
        refused++;
        amount = '0.00';
        refusal = reasonOf(err).slice(0, 500);
      }
    }
    await tx.execute(sql`update salary_batch_lines set check_off = ${amount}::numeric, check_off_refusal = ${refusal}
                         where batch_id = ${batchId} and line_no = ${line.line_no}`);
  }
  return { lines: lines.length, paid: fromCents(paid), refused };
}
