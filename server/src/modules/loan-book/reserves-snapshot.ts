import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Loan Reports (ADR 0066): copies the chunk's interest and penalty in suspense and provision held onto
 * the day's `loan_daily_status` rows just written, so a past date's classification return reads them
 * beside that day's principal. Only loans holding some (or rows that held some) are touched: on a book
 * without suspense or provision it writes nothing. Later moves on the same date reach the row through
 * the `loans_reserves_snapshot` trigger (migration 0097).
 */
export async function snapshotLoanReserves(
  tx: Database,
  businessDate: string,
  afterId: number,
  throughId: number,
): Promise<void> {
  await tx.execute(
    sql`update loan_daily_status s
           set interest_in_suspense = l.interest_in_suspense, penalty_in_suspense = l.penalty_in_suspense,
               provision_held = l.provision_held
          from loans l
         where s.business_date = ${businessDate}::date and s.loan_id = l.id
           and l.id > ${afterId} and l.id <= ${throughId}
           and (l.interest_in_suspense, l.penalty_in_suspense, l.provision_held)
               is distinct from (s.interest_in_suspense, s.penalty_in_suspense, s.provision_held)`,
  );
}
