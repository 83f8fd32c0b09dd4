import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers } from '../../../test/support/staff-users.ts';
import { authUsers, staff } from '../../db/schema/auth.ts';
import { adminClient } from '../../../test/support/admin-support.ts';

describe('staff actions under concurrency', () => {
  let t: TestApp;
  let make: Awaited<ReturnType<typeof staffUsers>>['make'];
  let c: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ make } = await staffUsers(t.app));
    c = adminClient(t.app);
  });
  afterAll(() => t.close());

  const activeSuperusers = async () =>
    t.db.db
      .select({ id: staff.userId })
      .from(staff)
      .innerJoin(authUsers, eq(authUsers.id, staff.userId))
      .where(and(eq(staff.isSuperuser, true), isNull(authUsers.bannedUntil)));

  it.each([
    ['revoke-superuser', 'revoke-superuser'],
    ['ban', 'ban'],
    ['revoke-activation', 'ban'],
  ])(
    'two superusers doing %s / %s to each other at once leave exactly one superuser',
    async (first, second) => {
      const a = await make('superuser', 'race-a');
      const b = await make('superuser', 'race-b');
      // Only a and b are active superusers from here on.
      for (const s of await activeSuperusers()) {
        if (s.id !== a.userId && s.id !== b.userId)
          await t.db.db.update(staff).set({ isSuperuser: false }).where(eq(staff.userId, s.id));
      }
      const [ra, rb] = await Promise.all([c.act(b.userId, first, a.auth), c.act(a.userId, second, b.auth)]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      expect(codes[0]).toBe(200);
      // The loser was demoted (or banned, its session gone) before its turn under the lock.
      expect([401, 403, 409]).toContain(codes[1]);
      expect(await activeSuperusers()).toHaveLength(1);
    },
  );

  it('many concurrent demotions by several superusers never remove the last one', async () => {
    const supers = await Promise.all(Array.from({ length: 4 }, (_, i) => make('superuser', `many-${i}`)));
    for (const s of await activeSuperusers()) {
      if (!supers.some((x) => x.userId === s.id))
        await t.db.db.update(staff).set({ isSuperuser: false }).where(eq(staff.userId, s.id));
    }
    const calls = supers.flatMap((actor) =>
      supers.filter((x) => x !== actor).map((target) => c.act(target.userId, 'revoke-superuser', actor.auth)),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => [200, 403, 409].includes(r.statusCode))).toBe(true);
    expect(await activeSuperusers()).toHaveLength(1);
  });
});
