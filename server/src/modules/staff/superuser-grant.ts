import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StaffListItem } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { staff } from '../../db/schema/auth.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { type Approvals, requestApproval } from '../approvals/index.ts';
import { flagsOf, stateConflict } from './admin-guards.ts';
import { getStaff } from './admin-repository.ts';
import { auditRefusedStaffAction, type Actor } from './admin-actions.ts';

/**
 * Superuser rights pass every permission check, so one superuser must not be able to make another
 * alone: the grant is a `staff.superuser` request that a second superuser approves (never the
 * person promoted, who is its subject).
 */
const onlySuperuser = () => new HttpError(403, 'Only a superuser may do this', { permission: 'superuser' });
const versionOf = (isSuperuser: boolean) => (isSuperuser ? 'superuser' : 'not_superuser');
const command = z.object({ userId: z.uuid() });

/** Stores the request (202): nothing about the person changes until another superuser approves. */
export async function requestSuperuserGrant(
  db: Database,
  actor: Actor,
  userId: string,
): Promise<{ approvalId: string; user: StaffListItem | null }> {
  try {
    return await storeRequest(db, actor, userId);
  } catch (err) {
    await auditRefusedStaffAction(db, actor, userId, 'staff.grant_superuser', err);
    throw err;
  }
}

function storeRequest(
  db: Database,
  actor: Actor,
  userId: string,
): Promise<{ approvalId: string; user: StaffListItem | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.staffAdmin})`);
    const me = await flagsOf(tx, actor.id);
    if (!me || me.banned || !me.isSuperuser) throw onlySuperuser();
    const target = await flagsOf(tx, userId);
    if (!target) throw notFound('No staff user with this id.');
    const invalid = stateConflict('grant-superuser', target);
    if (invalid) throw conflict(invalid);
    const approvalId = await requestApproval(tx, {
      type: 'staff.superuser',
      subjectType: 'staff',
      subjectId: userId,
      command: { userId },
      before: { email: target.email, is_superuser: false },
      after: { email: target.email, is_superuser: true },
      subjectVersion: versionOf(false),
      maker: actor,
      // Superuser rights reach every branch: a bank-wide request.
      branch: null,
    });
    return { approvalId, user: await getStaff(tx, userId) };
  });
}

/** The approved grant: the checker must still be a superuser, the person not banned meanwhile. */
export function registerSuperuserGrantCommand(approvals: Approvals): void {
  // Every request about a member of staff (roles, superuser rights) names them as their profile does.
  approvals.nameSubjects(
    'staff',
    ({ subjectId }) =>
      sql`(select nullif(p.full_name, '') from profiles p
            where p.id = case
              when ${subjectId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              then ${subjectId}::uuid end)`,
  );
  approvals.register({
    type: 'staff.superuser',
    async currentVersion(tx, userId) {
      const f = await flagsOf(tx, userId);
      return f ? versionOf(f.isSuperuser) : 'deleted';
    },
    async execute(tx, raw, { approvalId, maker, checker }) {
      const { userId } = command.parse(raw);
      const me = await flagsOf(tx, checker.id);
      if (!me || me.banned || !me.isSuperuser) throw onlySuperuser();
      const target = await flagsOf(tx, userId);
      if (!target) throw notFound('No staff user with this id.');
      const invalid = stateConflict('grant-superuser', target);
      if (invalid) throw conflict(invalid);
      const before = await getStaff(tx, userId);
      const values = {
        approved: true,
        isSuperuser: true,
        approvedBy: maker.id,
        approvedAt: new Date(),
        updatedAt: new Date(),
      };
      await tx
        .insert(staff)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: staff.userId, set: values });
      const after = await getStaff(tx, userId);
      await writeAudit(tx, {
        action: 'staff.grant_superuser',
        outcome: 'success',
        actorId: maker.id,
        actorEmail: maker.email,
        targetType: 'staff',
        targetId: userId,
        details: {
          email: target.email,
          approvalId,
          approvedBy: checker.email,
          before: { is_superuser: before?.isSuperuser ?? false, status: before?.status ?? null },
          after: { is_superuser: after?.isSuperuser ?? true, status: after?.status ?? null },
        },
      });
    },
  });
}
