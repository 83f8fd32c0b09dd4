import { sql } from 'drizzle-orm';
import type { InstalmentState } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';

const COLUMNS = [
  'principalDue',
  'interestDue',
  'feeDue',
  'penaltyDue',
  'principalPaid',
  'interestPaid',
  'feePaid',
  'penaltyPaid',
] as const;

const changed = (a: InstalmentState, b: InstalmentState) => COLUMNS.some((c) => a[c] !== b[c]);

/**
 * Writes a repayment's schedule in two statements: the rows it changed (paid columns, and the dues a
 * prepayment or settlement replaced) from arrays unnested in the database, then the rows a shorter
 * plan dropped. The database checks each row (paid within due, the loan still Active).
 */
export async function writeSchedule(
  tx: Database,
  loanId: number,
  before: readonly InstalmentState[],
  after: readonly InstalmentState[],
): Promise<void> {
  const old = new Map(before.map((i) => [i.instalmentNumber, i]));
  const rows = after.filter((i) => {
    const o = old.get(i.instalmentNumber);
    return !o || changed(o, i);
  });
  if (rows.length > 0) {
    const arr = (k: 'instalmentNumber' | (typeof COLUMNS)[number]) =>
      `{${rows.map((i) => String(i[k])).join(',')}}`;
    await tx.execute(sql`update loan_instalments i set
        principal_due = s.pd, interest_due = s.id_, fee_due = s.fd, penalty_due = s.nd,
        principal_paid = s.pp, interest_paid = s.ip, fee_paid = s.fp, penalty_paid = s.np
      from unnest(${arr('instalmentNumber')}::int[], ${arr('principalDue')}::numeric[], ${arr('interestDue')}::numeric[],
                  ${arr('feeDue')}::numeric[], ${arr('penaltyDue')}::numeric[], ${arr('principalPaid')}::numeric[],
                  ${arr('interestPaid')}::numeric[], ${arr('feePaid')}::numeric[], ${arr('penaltyPaid')}::numeric[])
           as s(n, pd, id_, fd, nd, pp, ip, fp, np)
      where i.loan_id = ${loanId} and i.instalment_number = s.n`);
  }
  const kept = new Set(after.map((i) => i.instalmentNumber));
  const dropped = before.filter((i) => !kept.has(i.instalmentNumber)).map((i) => i.instalmentNumber);
  if (dropped.length > 0)
    await tx.execute(sql`delete from loan_instalments
                         where loan_id = ${loanId} and instalment_number = any(${`{${dropped.join(',')}}`}::int[])`);
}

/** Puts back rows a shorter plan dropped (a reversed prepayment), as they were, in one statement. */
export async function insertInstalments(
  tx: Database,
  loanId: number,
  rows: readonly InstalmentState[],
): Promise<void> {
  if (rows.length === 0) return;
  const arr = (k: 'instalmentNumber' | 'dueDate' | (typeof COLUMNS)[number]) =>
    `{${rows.map((i) => String(i[k])).join(',')}}`;
  await tx.execute(sql`insert into loan_instalments (loan_id, instalment_number, due_date, principal_due, interest_due,
        fee_due, penalty_due, principal_paid, interest_paid, fee_paid, penalty_paid)
      select ${loanId}, s.n, s.d, s.pd, s.id_, s.fd, s.nd, s.pp, s.ip, s.fp, s.np
      from unnest(${arr('instalmentNumber')}::int[], ${arr('dueDate')}::date[], ${arr('principalDue')}::numeric[],
                  ${arr('interestDue')}::numeric[], ${arr('feeDue')}::numeric[], ${arr('penaltyDue')}::numeric[],
                  ${arr('principalPaid')}::numeric[], ${arr('interestPaid')}::numeric[], ${arr('feePaid')}::numeric[],
                  ${arr('penaltyPaid')}::numeric[]) as s(n, d, pd, id_, fd, nd, pp, ip, fp, np)`);
}
