import { sql } from 'drizzle-orm';
import type { AuditVerifyResult } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Recomputes the whole hash chain in the database with the trigger's own `audit_row_hash`. A row is
 * broken when its stored hash does not match its content, or its prev_hash is not the previous row's
 * hash (a row changed, inserted or removed behind the triggers' back). Removing the newest rows
 * leaves a valid shorter chain: compare `rows` and the last hash with a copy kept elsewhere for that.
 */
export async function verifyAuditChain(db: Database): Promise<AuditVerifyResult> {
  const [r] = await queryRows<{ rows: string | number; first_broken: string | number | null }>(
    db,
    sql`with chain as (
          select a.id, a.hash, a.prev_hash, audit_row_hash(a.prev_hash, a) as computed,
                 coalesce(lag(a.hash) over (order by a.id), '') as expected_prev
          from audit_log a
        )
        select count(*) as rows,
               min(id) filter (where hash <> computed or prev_hash <> expected_prev) as first_broken
        from chain`,
  );
  const rows = Number(r?.rows ?? 0);
  if (r?.first_broken === null || r?.first_broken === undefined) return { ok: true, rows };
  return { ok: false, rows, firstBrokenId: Number(r.first_broken) };
}
