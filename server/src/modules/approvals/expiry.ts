import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * A request lives for the business date it was made on: once end of day closes that date (the bank's
 * business date moves past it) a pending request is expired. The calendar plays no part: a UTC
 * midnight without end of day changes nothing, and a date end of day carries a request over to keeps
 * it alive (ADR 0035).
 */
const overdue = (alias: SQL) => sql`${alias}.business_date < current_business_date()`;

/**
 * SQL: the request under `alias` (default `approval_requests`) is still pending — not decided and its
 * business date not closed. Modules that ask whether something waits for a checker use it.
 */
export const stillPendingSql = (alias: SQL = sql.raw('approval_requests')): SQL =>
  sql`(${alias}.status = 'pending' and not ${overdue(alias)})`;

/** SQL: the status a reader sees, `expired` for a pending request whose date is closed but not yet marked. */
export const shownStatusSql = (alias: SQL): SQL =>
  sql`case when ${alias}.status = 'pending' and ${overdue(alias)} then 'expired' else ${alias}.status end`;

/** Marks pending requests whose business date is closed `expired`, with the time it was noticed (lazily, when read). */
export async function expireOverdue(db: Database, id?: string): Promise<void> {
  const a = sql.raw('approval_requests');
  await db.execute(
    sql`update approval_requests set status = 'expired', expires_at = now()
         where status = 'pending' and ${overdue(a)} ${id === undefined ? sql`` : sql`and id = ${id}::uuid`}`,
  );
}
