import { sql } from 'drizzle-orm';
import {
  normaliseAccountNumber,
  type Page,
  type SalaryCsvLine,
  type SalaryLine,
  type SalaryLineFix,
} from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { pageWindow } from '../../../lib/paging.ts';

/**
 * A batch's lines, set-based (ADR 0024: 10,000 lines validate in well under a second): the file goes
 * in with one INSERT … SELECT from a JSON array, and validation is one UPDATE that joins the accounts.
 */
export async function insertLines(tx: Database, batchId: number, lines: SalaryCsvLine[]): Promise<void> {
  const rows = lines.map((l) => ({
    line_no: l.lineNo,
    account_number: normaliseAccountNumber(l.account),
    amount_text: l.amount,
    narration: l.narration,
    loan: l.loan === '' ? null : normaliseAccountNumber(l.loan),
  }));
  await tx.execute(sql`insert into salary_batch_lines (batch_id, line_no, account_number, amount_text, narration, loan_account_number)
    select ${batchId}, x.line_no, x.account_number, x.amount_text, x.narration, x.loan
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(line_no int, account_number text, amount_text text, narration text, loan text)`);
}

/**
 * Finds each line's account and problem (null when the line may post), in the order the report
 * explains them: the number's check digits, the amount, the narration's length, the account exists,
 * is not the employer's, is Active, is in the employer's currency, and is not on an earlier line.
 * Every lookup is a correlated index probe (accounts by number, earlier lines by account), so the plan
 * does not depend on the new batch's statistics: 10,000 lines cost 10,000 probes, never a nested scan.
 */
export async function validateBatch(tx: Database, batchId: number): Promise<void> {
  const [b] = await queryRows<{ employer: string; currency: string }>(
    tx,
    sql`select employer_account_id as employer, currency from salary_batches where id = ${batchId}`,
  );
  await tx.execute(sql`
    update salary_batch_lines t set (account_id, amount, first_line, loan_id, problem) = (
      select a.id, v.amount, v.first_line, ln.id,
             case
               when not v.valid then 'check_digit'
               when v.amount is null then 'amount'
               when length(t.narration) > 140 then 'narration'
               when a.id is null then 'account_not_found'
               when a.id = ${b!.employer}::bigint then 'employer_account'
               when a.status <> 'Active' then 'account_not_active'
               when a.currency <> ${b!.currency} then 'currency'
               when v.first_line is not null then 'duplicate'
               -- Check-off: the named loan is the account holder's own, in the same currency, and Active.
               when t.loan_account_number is not null and ln.id is null then 'loan_not_found'
               when t.loan_account_number is not null and (ln.cust_id <> a.cust_id or ln.currency <> a.currency)
                 then 'loan_other_customer'
               when t.loan_account_number is not null and ln.status <> 'Active' then 'loan_not_active'
             end
      from (select
              case when t.account_number ~ '^[0-9]{13}$' then account_number_valid(t.account_number) else false end as valid,
              case when t.amount_text ~ '^[0-9]{1,16}([.][0-9]{1,2})?$' and t.amount_text ~ '[1-9]'
                   then t.amount_text::numeric(18,2) end as amount,
              (select min(d.line_no) from salary_batch_lines d
                where d.batch_id = t.batch_id and d.account_number = t.account_number and d.line_no < t.line_no) as first_line
           ) v
      left join accounts a on a.account_number = t.account_number
      left join lateral (select l.id, l.cust_id, l.currency, l.status from accounts la join loans l on l.account_id = la.id
                          where la.account_number = t.loan_account_number) ln on true)
    where t.batch_id = ${batchId}`);
}

interface LineRow extends Record<string, unknown> {
  line_no: number;
  account_number: string;
  amount_text: string;
  narration: string;
  holder: string | null;
  problem: SalaryLine['problem'];
  first_line: number | null;
  loan_account_number: string | null;
  check_off: string | null;
}

/** A page of lines in file order; `problems: 'only'` lists the lines the report flags. */
export async function listLines(
  db: Database,
  batchId: number,
  q: { page?: number; pageSize?: number; problems: 'only' | 'all' },
): Promise<Page<SalaryLine>> {
  const only = q.problems === 'only' ? sql`and l.problem is not null` : sql``;
  const { offset, limit } = pageWindow(q, 50);
  const rows = await queryRows<LineRow>(
    db,
    sql`select l.line_no, l.account_number, l.amount_text, l.narration, c.name as holder, l.problem, l.first_line,
               l.loan_account_number, l.check_off::text as check_off
        from salary_batch_lines l left join accounts a on a.id = l.account_id left join customers c on c.cust_id = a.cust_id
        where l.batch_id = ${batchId} ${only} order by l.line_no limit ${limit} offset ${offset}`,
  );
  const [n] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from salary_batch_lines l where l.batch_id = ${batchId} ${only}`,
  );
  return {
    rows: rows.map((r) => ({
      line_no: Number(r.line_no),
      account_number: r.account_number,
      amount: r.amount_text,
      narration: r.narration,
      holder: r.holder,
      problem: r.problem,
      first_line: r.first_line === null ? null : Number(r.first_line),
      loan_account: r.loan_account_number,
      check_off: r.check_off,
    })),
    total: Number(n!.n),
  };
}

/** Every line, for the report's CSV. */
export async function allLines(db: Database, batchId: number): Promise<SalaryLine[]> {
  return (await listLines(db, batchId, { page: 1, pageSize: 1_000_000, problems: 'all' })).rows;
}

/** Replaces a line as fixed on the screen; false when there is no such line. */
export async function fixLine(
  tx: Database,
  batchId: number,
  lineNo: number,
  fix: SalaryLineFix,
): Promise<boolean> {
  const r = await queryRows(
    tx,
    sql`update salary_batch_lines set account_number = ${fix.account_number}, amount_text = ${fix.amount},
          narration = ${fix.narration},
          loan_account_number = ${fix.loan_account === undefined ? sql`loan_account_number` : fix.loan_account || null}
        where batch_id = ${batchId} and line_no = ${lineNo} returning 1`,
  );
  return r.length > 0;
}

export async function removeLine(tx: Database, batchId: number, lineNo: number): Promise<boolean> {
  const r = await queryRows(
    tx,
    sql`delete from salary_batch_lines where batch_id = ${batchId} and line_no = ${lineNo} returning 1`,
  );
  return r.length > 0;
}
