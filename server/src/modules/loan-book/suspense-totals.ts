import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * What the suspense step did on a business date, from the rows it kept for the date (a resumed run
 * reports the whole day): money keys start with the currency, counts are plain.
 */
export async function suspenseTotals(db: Database, d: string): Promise<Record<string, string>> {
  const rows = await queryRows<{ k: string; v: string | null }>(
    db,
    sql`select currency || ' interest moved to suspense' as k, sum(interest)::text as v
          from loan_suspense_moves where business_date = ${d}::date group by currency
        union all select currency || ' penalties moved to suspense', sum(penalty)::text
          from loan_suspense_moves where business_date = ${d}::date group by currency having sum(penalty) > 0
        union all select 'loans moved to suspense', count(*)::text
          from loan_suspense_moves where business_date = ${d}::date having count(*) > 0
        union all select currency || ' penalties charged' || case when suspended then ' into suspense' else ' to income' end,
               sum(amount)::text
          from loan_penalty_charges where business_date = ${d}::date group by currency, suspended
        union all select 'overdue instalments penalised', count(*)::text
          from loan_penalty_charges where business_date = ${d}::date having count(*) > 0`,
  );
  return Object.fromEntries(rows.filter((r) => r.v !== null).map((r) => [r.k, r.v!]));
}
