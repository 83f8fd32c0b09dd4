import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  PERMISSIONS,
  SEGREGATION_TEXT,
  toxicCombinationsOf,
  type SegregationRow,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { authUsers, staff } from '../../db/schema/auth.ts';
import { rolePermissions, roles, staffRoles } from '../../db/schema/roles.ts';
import { HttpError, badRequest } from '../../lib/http-error.ts';

/**
 * Segregation of duties (the rules are data in contracts' segregation.ts): a role, and a person
 * across all their live roles, may not hold a toxic combination. Checked when the change is asked
 * for and again when it is approved, since other roles may have changed in between.
 */

/** 400 when one role's own permissions make a toxic combination. */
export function assertRoleSegregated(permissions: readonly string[], retired = false): void {
  if (retired) return;
  const found = toxicCombinationsOf(permissions);
  if (found.length)
    throw badRequest(SEGREGATION_TEXT.toxic(found), {
      field: 'permissions',
      code: 'toxic_combination',
      combinations: found,
    });
}

/** The permissions of these live roles together. */
async function permissionsOfRoles(db: Database, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select({ p: rolePermissions.permission })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(inArray(rolePermissions.roleId, [...roleIds]), isNull(roles.retiredAt)));
  return rows.map((r) => r.p);
}

/** 400 when a person given exactly these roles would hold a toxic combination across them. */
export async function assertStaffSegregated(db: Database, roleIds: readonly string[]): Promise<void> {
  const found = toxicCombinationsOf(await permissionsOfRoles(db, roleIds));
  if (found.length)
    throw badRequest(SEGREGATION_TEXT.toxic(found), {
      field: 'roleIds',
      code: 'toxic_combination',
      combinations: found,
    });
}

/** 409 when a change to a role would give one of its holders a toxic combination with their other roles. */
export async function assertHoldersSegregated(
  db: Database,
  roleId: string,
  permissions: readonly string[],
): Promise<void> {
  const held = await db
    .select({ userId: staffRoles.userId, email: authUsers.email, roleId: staffRoles.roleId })
    .from(staffRoles)
    .innerJoin(authUsers, eq(authUsers.id, staffRoles.userId))
    .where(
      inArray(
        staffRoles.userId,
        db.select({ u: staffRoles.userId }).from(staffRoles).where(eq(staffRoles.roleId, roleId)),
      ),
    );
  const holders = new Map<string, { email: string; others: string[] }>();
  for (const h of held) {
    const entry = holders.get(h.userId) ?? { email: h.email ?? h.userId, others: [] };
    if (h.roleId !== roleId) entry.others.push(h.roleId);
    holders.set(h.userId, entry);
  }
  for (const { email, others } of holders.values()) {
    const found = toxicCombinationsOf([...permissions, ...(await permissionsOfRoles(db, others))]);
    if (found.length)
      throw new HttpError(409, `${email}: ${SEGREGATION_TEXT.toxic(found)}`, {
        field: 'permissions',
        code: 'toxic_combination',
        holder: email,
        combinations: found,
      });
  }
}

/**
 * Staff holding a toxic combination today, by e-mail. Superusers hold every permission, so each is
 * listed with every combination. A bank has hundreds of staff, not millions: one query, paged here.
 */
export async function segregationReport(
  db: Database,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: SegregationRow[] }> {
  const people = await db
    .select({
      userId: staff.userId,
      email: authUsers.email,
      isSuperuser: staff.isSuperuser,
      permissions: staff.permissions,
    })
    .from(staff)
    .innerJoin(authUsers, eq(authUsers.id, staff.userId))
    .where(or(eq(staff.isSuperuser, true), sql`cardinality(${staff.permissions}) > 0`))
    .orderBy(asc(authUsers.email));
  const flagged = people
    .map((p) => ({
      ...p,
      combinations: toxicCombinationsOf(p.isSuperuser ? PERMISSIONS : p.permissions),
    }))
    .filter((p) => p.combinations.length > 0);
  const page = flagged.slice(window.offset, window.offset + window.limit);
  const roleRows = page.length
    ? await db
        .select({ userId: staffRoles.userId, name: roles.name })
        .from(staffRoles)
        .innerJoin(roles, eq(roles.id, staffRoles.roleId))
        .where(
          and(
            inArray(
              staffRoles.userId,
              page.map((p) => p.userId),
            ),
            isNull(roles.retiredAt),
          ),
        )
    : [];
  return {
    total: flagged.length,
    rows: page.map((p) => ({
      userId: p.userId,
      email: p.email ?? p.userId,
      isSuperuser: p.isSuperuser,
      roles: roleRows
        .filter((r) => r.userId === p.userId)
        .map((r) => r.name)
        .sort(),
      combinations: p.combinations,
    })),
  };
}
