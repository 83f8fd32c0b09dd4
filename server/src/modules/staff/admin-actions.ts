import { sql } from 'drizzle-orm';
import { STAFF_AUDIT_ACTIONS, type StaffAction, type StaffListItem } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { staff } from '../../db/schema/auth.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import { HttpError, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { banUser, deleteUser, endUserSessions, resetMfa, unbanUser } from '../auth/index.ts';
import { getStaff } from './admin-repository.ts';
import {
  DEMOTING,
  SELF_MESSAGES,
  SUPERUSER_ACTIONS,
  flagsOf,
  otherActiveSuperusers,
  stateConflict,
} from './admin-guards.ts';

export interface Actor {
  id: string;
  email: string;
  ip: string | null;
}

async function setStaff(
  tx: Database,
  userId: string,
  set: Partial<typeof staff.$inferInsert>,
): Promise<void> {
  const values = { ...set, updatedAt: new Date() };
  await tx
    .insert(staff)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: staff.userId, set: values });
}

/** Applies the change; returns extra audit details (counts of what was removed). */
async function apply(
  tx: Database,
  action: StaffAction,
  userId: string,
  actor: Actor,
): Promise<Record<string, unknown>> {
  const now = new Date();
  switch (action) {
    case 'approve':
      await setStaff(tx, userId, { approved: true, approvedBy: actor.id, approvedAt: now });
      return {};
    case 'revoke-activation':
      // A superuser bypasses activation, so revoking activation also takes superuser rights away.
      await setStaff(tx, userId, { approved: false, isSuperuser: false, approvedBy: null, approvedAt: null });
      return {};
    case 'grant-superuser':
      // Four-eyes: the route stores a request (superuser-grant.ts); nothing grants it directly.
      throw conflict('Superuser rights are granted through a request another superuser approves.');
    case 'revoke-superuser':
      await setStaff(tx, userId, { isSuperuser: false });
      return {};
    case 'ban':
      // The auth module's ban: /auth/v1/token refuses a user whose banned_until is in the future.
      return { sessionsEnded: await banUser(tx, userId) };
    case 'unban':
      await unbanUser(tx, userId);
      return {};
    case 'end-sessions':
      return { sessionsEnded: await endUserSessions(tx, userId) };
    case 'reset-mfa':
      return { factorsRemoved: await resetMfa(tx, userId) };
    case 'reject':
      // Profile, staff row, sessions and tokens go with the user (foreign keys cascade).
      await deleteUser(tx, userId);
      return {};
  }
}

const snapshot = (s: StaffListItem | null) =>
  s && {
    status: s.status,
    is_superuser: s.isSuperuser,
    banned_until: s.bannedUntil,
    mfa: s.mfaEnabled,
    approved_at: s.approvedAt,
  };

/**
 * Runs one staff action and its audit row in one transaction. Guards run under a database-wide lock
 * with freshly read flags, so two concurrent demotions cannot remove the last active superuser.
 */
export async function runStaffAction(
  db: Database,
  actor: Actor,
  userId: string,
  action: StaffAction,
): Promise<StaffListItem | null> {
  try {
    return await changeInTransaction(db, actor, userId, action);
  } catch (err) {
    await auditRefusedStaffAction(db, actor, userId, STAFF_AUDIT_ACTIONS[action], err);
    throw err;
  }
}

/**
 * A refused attempt (403, 409) is worth knowing too: its transaction rolled back, so its denied audit
 * row is written on its own.
 */
export async function auditRefusedStaffAction(
  db: Database,
  actor: Actor,
  userId: string,
  action: string,
  err: unknown,
): Promise<void> {
  if (!(err instanceof HttpError) || (err.statusCode !== 403 && err.statusCode !== 409)) return;
  await writeAudit(db, {
    action,
    outcome: 'denied',
    actorId: actor.id,
    actorEmail: actor.email,
    targetType: 'staff',
    targetId: userId,
    ip: actor.ip,
    details: { reason: err.message },
  });
}

function changeInTransaction(
  db: Database,
  actor: Actor,
  userId: string,
  action: StaffAction,
): Promise<StaffListItem | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.staffAdmin})`);
    // The guard let the caller in before the lock; they may have been demoted meanwhile.
    // `staff.manage` (ADR 0015) lets a non-superuser administer staff; superuser rights, and anything
    // done to a superuser, stay with superusers.
    const me = await flagsOf(tx, actor.id);
    if (!me || me.banned || (!me.isSuperuser && !me.approved))
      throw forbidden('Only a superuser may do this');
    const target = await flagsOf(tx, userId);
    if (!target) throw notFound('No staff user with this id.');
    if (!me.isSuperuser && (SUPERUSER_ACTIONS.has(action) || target.isSuperuser))
      throw new HttpError(403, 'Only a superuser may do this', { permission: 'superuser' });

    if (
      DEMOTING.has(action) &&
      target.isSuperuser &&
      !target.banned &&
      (await otherActiveSuperusers(tx, userId)) === 0
    ) {
      throw conflict(`${target.email} is the last active superuser; make someone else a superuser first.`);
    }
    const self = userId === actor.id ? SELF_MESSAGES[action] : undefined;
    if (self) throw conflict(self);
    const invalid = stateConflict(action, target);
    if (invalid) throw conflict(invalid);

    const before = await getStaff(tx, userId);
    const extra = await apply(tx, action, userId, actor);
    const after = action === 'reject' ? null : await getStaff(tx, userId);
    await writeAudit(tx, {
      action: STAFF_AUDIT_ACTIONS[action],
      outcome: 'success',
      actorId: actor.id,
      actorEmail: actor.email,
      targetType: 'staff',
      targetId: userId,
      ip: actor.ip,
      details: {
        email: target.email,
        ...(action === 'reject' ? { fullName: before?.fullName, mobileNo: before?.mobileNo } : {}),
        ...extra,
        before: snapshot(before),
        after: snapshot(after),
      },
    });
    return after;
  });
}
