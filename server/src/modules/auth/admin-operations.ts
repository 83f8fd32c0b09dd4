import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authMfaFactors, authSessions, authUsers } from '../../db/schema/auth.ts';

/**
 * What an administrator may do to an account, as plain operations on the caller's transaction. The
 * auth routes (/auth/v1/admin/users) and the staff module's actions both use these: each rule exists
 * once. Callers audit; these only change rows.
 */

/** "Banned for good", as GoTrue's ban_duration 876000h: lifted only by unban. */
export const BAN_FOREVER_MS = 876_000 * 3_600_000;

/** Deletes every session of the user (their refresh tokens cascade); returns how many ended. */
export async function endUserSessions(tx: Database, userId: string): Promise<number> {
  const gone = await tx
    .delete(authSessions)
    .where(eq(authSessions.userId, userId))
    .returning({ id: authSessions.id });
  return gone.length;
}

/**
 * Bans until `until` (/auth/v1/token and refresh then answer user_banned) and ends every session at
 * once; returns how many sessions ended.
 */
export async function banUser(
  tx: Database,
  userId: string,
  until: Date = new Date(Date.now() + BAN_FOREVER_MS),
): Promise<number> {
  await tx
    .update(authUsers)
    .set({ bannedUntil: until, updatedAt: new Date() })
    .where(eq(authUsers.id, userId));
  return endUserSessions(tx, userId);
}

export async function unbanUser(tx: Database, userId: string): Promise<void> {
  await tx
    .update(authUsers)
    .set({ bannedUntil: null, updatedAt: new Date() })
    .where(eq(authUsers.id, userId));
}

/**
 * Deletes every MFA factor of the user; sessions raised to aal2 with a deleted factor must not keep
 * that level, so they drop to aal1. Returns how many factors were removed.
 */
export async function resetMfa(tx: Database, userId: string): Promise<number> {
  const gone = await tx
    .delete(authMfaFactors)
    .where(eq(authMfaFactors.userId, userId))
    .returning({ id: authMfaFactors.id });
  await tx
    .update(authSessions)
    .set({ aal: 'aal1', updatedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), eq(authSessions.aal, 'aal2')));
  return gone.length;
}

/** Deletes the account; profile, staff row, sessions, tokens and factors cascade (foreign keys). */
export async function deleteUser(tx: Database, userId: string): Promise<void> {
  await tx.delete(authUsers).where(eq(authUsers.id, userId));
}
