import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ROLES } from '@bankmanager/contracts';
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
});
