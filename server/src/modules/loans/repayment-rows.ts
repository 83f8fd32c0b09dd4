import { sql, type SQL } from 'drizzle-orm';
import type { LoanRepayment } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

type Row = Omit<LoanRepayment, 'id' | 'loanId' | 'entryId'> & {
  id: string;
  loanId: string;
  entryId: string;
} & Record<string, unknown>;

const SELECT = sql`select r.id::text, r.loan_id::text as "loanId", r.reference, r.channel, r.amount::text,
    r.principal::text, r.interest::text, r.interest_receivable::text as "interestReceivable", r.fee::text,
    r.penalty::text, r.prepayment::text, r.overpayment, r.allocations, r.entry_id::text as "entryId",
    to_char(r.value_date, 'YYYY-MM-DD') as "valueDate", l.status as "loanStatus",
    (-a.balance)::numeric(18,2)::text as outstanding
  from loan_repayments r join loans l on l.id = r.loan_id join accounts a on a.id = l.account_id`;

async function one(db: Database, where: SQL): Promise<LoanRepayment | null> {
  const [r] = await queryRows<Row>(db, sql`${SELECT} where ${where}`);
  if (!r) return null;
  return { ...r, id: Number(r.id), loanId: Number(r.loanId), entryId: Number(r.entryId) };
}

/** A recorded repayment with the loan as it stands now (status, principal owed). */
export const repaymentById = (db: Database, id: number) => one(db, sql`r.id = ${id}`);
export const repaymentByReference = (db: Database, reference: string) =>
  one(db, sql`r.reference = ${reference}`);
