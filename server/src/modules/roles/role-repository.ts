import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Role, RoleInput, RoleLimit } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { independentReads } from '../../db/independent-reads.ts';
import { authUsers, staff } from '../../db/schema/auth.ts';
import { roleLimits, rolePermissions, roles, staffRoles } from '../../db/schema/roles.ts';

const limitOf = ({ roleId: _roleId, ...limit }: typeof roleLimits.$inferSelect): RoleLimit => limit;

/** Roles with their permissions, limits and holders (a bank has tens of roles: one page). */
export async function listRoles(db: Database, ids?: string[]): Promise<Role[]> {
  const where = ids ? inArray(roles.id, ids) : undefined;
  const rs = await db.select().from(roles).where(where).orderBy(asc(roles.name));
  if (rs.length === 0) return [];
  const roleIds = rs.map((r) => r.id);
  // Also read inside a role change's approval (its version and the state before it).
  const [perms, limits, holders] = await independentReads(db, [
    () => db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds)),
    () => db.select().from(roleLimits).where(inArray(roleLimits.roleId, roleIds)),
    () =>
      db
        .select({ roleId: staffRoles.roleId, userId: staffRoles.userId, email: authUsers.email })
        .from(staffRoles)
        .innerJoin(authUsers, eq(authUsers.id, staffRoles.userId))
        .where(inArray(staffRoles.roleId, roleIds)),
  ] as const);
  return rs.map((r) => ({
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    permissions: perms
      .filter((p) => p.roleId === r.id)
      .map((p) => p.permission)
      .sort(),
    limits: limits
      .filter((l) => l.roleId === r.id)
      .map(limitOf)
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    retired: r.retiredAt !== null,
    version: r.version,
    holders: holders
      .filter((h) => h.roleId === r.id)
      .map((h) => ({ userId: h.userId, email: h.email ?? '' }))
      .sort((a, b) => a.email.localeCompare(b.email)),
  }));
}

export async function getRole(db: Database, id: string): Promise<Role | undefined> {
  return (await listRoles(db, [id]))[0];
}

export async function roleNamed(db: Database, name: string): Promise<{ id: string } | undefined> {
  const [r] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  return r;
}

/** Writes a role's contents (create when `id` is null); bumps its version. Returns the id. */
export async function saveRole(tx: Database, id: string | null, input: RoleInput): Promise<string> {
  const values = {
    name: input.name,
    description: input.description,
    retiredAt: input.retired ? new Date() : null,
  };
  let roleId: string;
  if (id === null) {
    const [r] = await tx.insert(roles).values(values).returning({ id: roles.id });
    roleId = r!.id;
  } else {
    await tx
      .update(roles)
      .set({ ...values, version: sql`${roles.version} + 1`, updatedAt: new Date() })
      .where(eq(roles.id, id));
    roleId = id;
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    await tx.delete(roleLimits).where(eq(roleLimits.roleId, id));
  }
  if (input.permissions.length)
    await tx.insert(rolePermissions).values(input.permissions.map((permission) => ({ roleId, permission })));
  if (input.limits.length) await tx.insert(roleLimits).values(input.limits.map((l) => ({ roleId, ...l })));
  return roleId;
}

/** A staff member's roles and home branch, as the four-eyes diff shows them. */
export async function staffAccess(
  db: Database,
  userId: string,
): Promise<{ roleIds: string[]; roleNames: string[]; homeBranch: string | null } | undefined> {
  const [s] = await db.select({ homeBranch: staff.homeBranch }).from(staff).where(eq(staff.userId, userId));
  if (!s) return undefined;
  const rs = await db
    .select({ id: roles.id, name: roles.name })
    .from(staffRoles)
    .innerJoin(roles, eq(roles.id, staffRoles.roleId))
    .where(eq(staffRoles.userId, userId))
    .orderBy(asc(roles.id));
  return { roleIds: rs.map((r) => r.id), roleNames: rs.map((r) => r.name), homeBranch: s.homeBranch };
}

export const staffAccessVersion = (a: { roleIds: string[]; homeBranch: string | null }): string =>
  `${[...a.roleIds].sort().join(',')}|${a.homeBranch ?? ''}`;

export async function setStaffAccess(
  tx: Database,
  userId: string,
  roleIds: string[],
  homeBranch: string | null,
): Promise<void> {
  await tx.update(staff).set({ homeBranch, updatedAt: new Date() }).where(eq(staff.userId, userId));
  await tx.delete(staffRoles).where(eq(staffRoles.userId, userId));
  if (roleIds.length) await tx.insert(staffRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/** Gives a member of staff the seeded roles with these keys and a home branch (demo data only). */
export async function assignSeedRoles(
  tx: Database,
  userId: string,
  keys: string[],
  homeBranch: string | null,
) {
  const rs = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.key, keys));
  await setStaffAccess(
    tx,
    userId,
    rs.map((r) => r.id),
    homeBranch,
  );
}
