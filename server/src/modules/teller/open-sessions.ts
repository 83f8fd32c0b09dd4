import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Till sessions not closed yet (open, or counted and awaiting sign-off), oldest first: end of day's
 * "all tills closed" pre-check refuses to run while any is listed.
 */
export async function openTillSessions(
  db: Database,
): Promise<Array<{ sessionId: string; branchCode: string; tellerEmail: string; openedAt: string }>> {
  const rows = await queryRows<{
    sessionId: string;
    branchCode: string;
    tellerEmail: string;
    openedAt: string | Date;
  }>(
    db,
    sql`select id as "sessionId", branch_code as "branchCode", teller_email as "tellerEmail", opened_at as "openedAt"
        from till_sessions where status <> 'closed' order by opened_at, id`,
  );
  return rows.map((r) => ({ ...r, openedAt: new Date(r.openedAt).toISOString() }));
}
