import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { StaffAction } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { authUsers, staff } from '../../db/schema/auth.ts';

/** Guards of the staff actions; they run inside the action's transaction, under its lock. */

export interface Flags {
  email: string;
  approved: boolean;
  isSuperuser: boolean;
  banned: boolean;
}

export async function flagsOf(tx: Database, userId: string): Promise<Flags | undefined> {
  const [row] = await tx
    .select({
      email: authUsers.email,
      bannedUntil: authUsers.bannedUntil,
      approved: staff.approved,
      isSuperuser: staff.isSuperuser,
    })
    .from(authUsers)
    .leftJoin(staff, eq(staff.userId, authUsers.id))
    .where(eq(authUsers.id, userId))
    .for('update', { of: authUsers });
  if (!row) return undefined;
  return {
    email: row.email ?? userId,
    approved: row.approved ?? false,
    isSuperuser: row.isSuperuser ?? false,
    banned: row.bannedUntil !== null && row.bannedUntil > new Date(),
  };
}

/** Superusers other than `userId` who can still act (not banned). */
export async function otherActiveSuperusers(tx: Database, userId: string): Promise<number> {
  const rows = await tx
    .select({ id: staff.userId })
    .from(staff)
    .innerJoin(authUsers, eq(authUsers.id, staff.userId))
    .where(
      and(
        eq(staff.isSuperuser, true),
        ne(staff.userId, userId),
        or(isNull(authUsers.bannedUntil), sql`${authUsers.bannedUntil} <= now()`),
      ),
    )
    .limit(1);
  return rows.length;
}

/** Actions that take a superuser's powers away (or the whole account). */
export const DEMOTING: ReadonlySet<StaffAction> = new Set([
  'revoke-activation',
  'revoke-superuser',
  'ban',
  'reject',
]);

/** Actions only a superuser may take, whatever permissions the caller holds. */
export const SUPERUSER_ACTIONS: ReadonlySet<StaffAction> = new Set(['grant-superuser', 'revoke-superuser']);

export const SELF_MESSAGES: Partial<Record<StaffAction, string>> = {
  'revoke-activation': 'You cannot revoke your own activation.',
  'revoke-superuser': 'You cannot revoke your own superuser rights; ask another superuser.',
  ban: 'You cannot ban yourself.',
  reject: 'You cannot reject your own account.',
};

/** 409 when the action makes no sense in the target's current state. */
export function stateConflict(action: StaffAction, f: Flags): string | undefined {
  const who = f.email;
  switch (action) {
    case 'approve':
      return f.approved ? `${who} is already approved.` : undefined;
    case 'revoke-activation':
      return f.approved || f.isSuperuser ? undefined : `${who} is not activated.`;
    case 'grant-superuser':
      if (f.isSuperuser) return `${who} is already a superuser.`;
      return f.banned ? `${who} is banned; unban them first.` : undefined;
    case 'revoke-superuser':
      return f.isSuperuser ? undefined : `${who} is not a superuser.`;
    case 'ban':
      return f.banned ? `${who} is already banned.` : undefined;
    case 'unban':
      return f.banned ? undefined : `${who} is not banned.`;
    case 'reject':
      return f.approved || f.isSuperuser
        ? `Only a pending account can be rejected; ${who} is activated.`
        : undefined;
    default:
      return undefined;
  }
}
