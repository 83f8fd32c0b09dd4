import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staff } from '../../db/schema/auth.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';

export type StaffRow = typeof staff.$inferSelect;

/** Creates the caller's (pending) staff record if it is missing; true when it was created. */
export async function ensureStaff(
  tx: Database,
  userId: string,
): Promise<{ row: StaffRow; created: boolean }> {
  const inserted = await tx.insert(staff).values({ userId }).onConflictDoNothing().returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const [row] = await tx.select().from(staff).where(eq(staff.userId, userId));
  return { row: row!, created: false };
}

/** Takes the transaction-scoped lock that makes "is there a superuser yet?" + promotion atomic. */
export async function lockFirstUserActivation(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.firstUserActivation})`);
}

export async function superuserExists(tx: Database): Promise<boolean> {
  const [row] = await tx
    .select({ userId: staff.userId })
    .from(staff)
    .where(eq(staff.isSuperuser, true))
    .limit(1);
  return row !== undefined;
}

export async function promoteToFirstSuperuser(tx: Database, userId: string): Promise<StaffRow> {
  const now = new Date();
  const [row] = await tx
    .update(staff)
    .set({ approved: true, isSuperuser: true, approvedBy: userId, approvedAt: now, updatedAt: now })
    .where(and(eq(staff.userId, userId)))
    .returning();
  return row!;
}
