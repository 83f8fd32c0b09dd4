import { sql } from 'drizzle-orm';
import { LOAN_GRADING_TEXT as G } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';

/**
 * A repayment made before the loan's last restructuring is never reversed: it was split on
 * instalments the restructuring replaced (kept only as history), so undoing it exactly is no longer
 * possible. 409 `restructured_since`; the correction is a new posting.
 */
export async function assertNotBeforeRestructuring(
  tx: Database,
  loanId: number,
  repaymentId: string,
): Promise<void> {
  const [x] = await queryRows<{ id: string }>(
    tx,
    sql`select id::text from loan_restructurings
         where loan_id = ${loanId} and last_repayment_id >= ${repaymentId}::bigint limit 1`,
  );
  if (x)
    throw conflict(G.restructuredRepayment, { code: 'restructured_since', restructuringId: Number(x.id) });
}
