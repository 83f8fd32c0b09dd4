import { roleInputSchema, staffRolesInputSchema } from '@bankmanager/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import type { Approvals } from '../approvals/index.ts';
import {
  getRole,
  roleNamed,
  saveRole,
  setStaffAccess,
  staffAccess,
  staffAccessVersion,
} from './role-repository.ts';
import { assertHoldersSegregated, assertRoleSegregated, assertStaffSegregated } from './segregation.ts';

const roleCommand = z.object({ roleId: z.uuid().nullable(), input: roleInputSchema });
const staffCommand = z.object({ userId: z.uuid(), input: staffRolesInputSchema });

const roleVersion = async (tx: Database, id: string) =>
  id === 'new' ? null : ((await getRole(tx, id))?.version.toString() ?? 'deleted');

/** The role and staff-role commands a checker's approval runs. */
export function registerRoleCommands(approvals: Approvals): void {
  // A role by its name; a new one by the name asked for.
  approvals.nameSubjects(
    'role',
    ({ subjectId, after }) =>
      sql`coalesce((select r.name from roles r where r.id::text = ${subjectId}), ${after} ->> 'name')`,
  );
  for (const type of ['role.create', 'role.update'] as const) {
    approvals.register({
      type,
      currentVersion: roleVersion,
      async execute(tx, raw, { approvalId, maker, checker }) {
        const { roleId, input } = roleCommand.parse(raw);
        const clash = await roleNamed(tx, input.name);
        if (clash && clash.id !== roleId) throw conflict(`A role named ${input.name} already exists.`);
        assertRoleSegregated(input.permissions, input.retired);
        if (roleId && !input.retired) await assertHoldersSegregated(tx, roleId, input.permissions);
        const before = roleId ? await getRole(tx, roleId) : undefined;
        const id = await saveRole(tx, roleId, input);
        await writeAudit(tx, {
          action: roleId ? 'role.update' : 'role.create',
          outcome: 'success',
          actorId: maker.id,
          actorEmail: maker.email,
          targetType: 'role',
          targetId: id,
          details: { approvalId, approvedBy: checker.email, before: before ?? null, after: input },
        });
      },
    });
  }
  approvals.register({
    type: 'staff.roles',
    async currentVersion(tx, userId) {
      const a = await staffAccess(tx, userId);
      return a ? staffAccessVersion(a) : 'deleted';
    },
    async execute(tx, raw, { approvalId, maker, checker }) {
      const { userId, input } = staffCommand.parse(raw);
      await assertStaffSegregated(tx, input.roleIds);
      const before = await staffAccess(tx, userId);
      await setStaffAccess(tx, userId, input.roleIds, input.homeBranch);
      await writeAudit(tx, {
        action: 'staff.roles',
        outcome: 'success',
        actorId: maker.id,
        actorEmail: maker.email,
        targetType: 'staff',
        targetId: userId,
        details: { approvalId, approvedBy: checker.email, before: before ?? null, after: input },
      });
    },
  });
}
