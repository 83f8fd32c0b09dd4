import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEED_ROLES } from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { staffUsers } from '../../../test/support/staff-users.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { listRoles } from './role-repository.ts';

/** The migration `roles_seed` inserts exactly the roles of packages/contracts/src/seed-roles.ts. */
describe('seeded roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('match the contracts, permissions and limits alike', async () => {
    const roles = await listRoles(t.app.db);
    const seeded = SEED_ROLES.map((r) => ({
      key: r.key,
      name: r.name,
      description: r.description,
      permissions: [...r.permissions].sort(),
      limits: [...r.limits].sort((a, b) => a.currency.localeCompare(b.currency)),
    }));
    expect(
      roles.map(({ key, name, description, permissions, limits }) => ({
        key,
        name,
        description,
        permissions,
        limits,
      })),
    ).toEqual(expect.arrayContaining(seeded));
    expect(roles).toHaveLength(SEED_ROLES.length);
  });

  it('staff.permissions follows role assignment, permission changes and retirement (the guard reads it)', async () => {
    const u = await (await staffUsers(t.app)).make('activated', 'perm');
    const perms = async () =>
      (
        await queryRows<{ p: string[] }>(
          t.app.db,
          sql`select permissions as p from staff where user_id = ${u.userId}`,
        )
      )[0]!.p;
    expect(await perms()).toEqual([...SEED_ROLES[0]!.permissions].sort());
    await setRoles(t.app, u.userId, ['auditor']);
    expect(await perms()).toContain('audit.read');
    await t.app.db.execute(
      sql`delete from role_permissions where permission = 'audit.read' and role_id = (select id from roles where key = 'auditor')`,
    );
    expect(await perms()).not.toContain('audit.read');
    await t.app.db.execute(sql`update roles set retired_at = now() where key = 'auditor'`);
    expect(await perms()).toEqual([]);
  });
});
