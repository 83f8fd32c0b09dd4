import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardResponseSchema } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { seedSteps } from '../../demo-seed.ts';
import { adminClient } from '../../../test/support/admin-support.ts';

describe('GET /api/dashboard', () => {
  let t: TestApp;
  let officer: StaffUser;
  let pending: StaffUser;
  let make: Awaited<ReturnType<typeof staffUsers>>['make'];
  beforeAll(async () => {
    t = await createTestApp();
    const content = seedSteps.find((s) => s.name.includes('dashboard'));
    await content!.run(t.db.db, { customers: 0, transactionsPerAccount: 0, seed: 1 });
    ({ make } = await staffUsers(t.app));
    officer = await make('activated');
    pending = await make('pending', 'newcomer');
  });
  afterAll(() => t.close());

  it('gives activated staff stats, news, events, up to 5 announcements and 5 tasks', async () => {
    const res = await t.app.inject({ url: '/api/dashboard', headers: { authorization: officer.auth } });
    expect(res.statusCode).toBe(200);
    const body = dashboardResponseSchema.parse(res.json());
    expect(body.stats).not.toBeNull();
    expect(body.announcements.length).toBeLessThanOrEqual(5);
    expect(body.tasks.length).toBeLessThanOrEqual(5);
    // A staff sign-up awaiting approval is a pending new_user event.
    const event = body.events.find((e) => e.userId === pending.userId);
    expect(event).toMatchObject({ type: 'new_user', status: 'pending' });
    // Its name, so the Review button says whom it reviews.
    expect(event?.userName).toMatch(/^Test /);
  });

  it('names people, not ids, in the activity events', async () => {
    const root = await make('superuser', 'chief');
    const joiner = await make('pending', 'joiner');
    expect((await adminClient(t.app).act(joiner.userId, 'approve', root.auth)).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/dashboard', headers: { authorization: root.auth } });
    expect(res.statusCode, res.body).toBe(200);
    const body = dashboardResponseSchema.parse(res.json());
    const activated = body.events.find((e) => e.title === 'Staff account activated');
    expect(activated?.description).toMatch(/^Test joiner \d+ was activated by Test chief \d+\.$/);
    expect(activated?.description).not.toContain(joiner.userId);
  });

  it('gives a user awaiting activation only the latest 3 news items', async () => {
    const res = await t.app.inject({ url: '/api/dashboard', headers: { authorization: pending.auth } });
    const body = dashboardResponseSchema.parse(res.json());
    expect(body.stats).toBeNull();
    expect(body.news.length).toBeLessThanOrEqual(3);
    expect(body.events).toEqual([]);
    expect(body.announcements).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject('/api/dashboard')).statusCode).toBe(401);
  });
});
