import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { staff } from '../../db/schema/auth.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { keysOf, signedUpClient } from '../../../test/support/auth-clients.ts';

describe('staff API', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', path: string, token?: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  it('answers 401 { error } without a bearer token, with only the anon x-api-key, or with a key as bearer', async () => {
    const { anonKey, serviceKey } = keysOf(t.app);
    for (const [path, method] of [
      ['/user/status', 'GET'],
      ['/users/add-new-user', 'POST'],
      ['/users/activate-first-user', 'POST'],
    ] as const) {
      for (const res of [
        await call(method, path),
        await call(method, path, undefined, { 'x-api-key': anonKey }),
        await call(method, path, anonKey),
        await call(method, path, serviceKey),
        await call(method, path, 'not.a.jwt'),
      ]) {
        expect(res.status, path).toBe(401);
        expect(await res.json()).toEqual({ error: expect.any(String) });
      }
    }
  });

  it('refuses a token whose session has ended', async () => {
    const { client, session } = await signedUpClient(base, t.app);
    expect((await call('GET', '/user/status', session.access_token)).status).toBe(200);
    await client.auth.signOut();
    expect((await call('GET', '/user/status', session.access_token)).status).toBe(401);
  });

  it('add-new-user is idempotent and status reports pending flags', async () => {
    const { session, userId } = await signedUpClient(base, t.app);
    await t.db.db.delete(staff).where(eq(staff.userId, userId));
    const first = await call('POST', '/users/add-new-user', session.access_token, {
      'content-type': 'application/json',
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, message: 'User added successfully' });
    const second = await call('POST', '/users/add-new-user', session.access_token);
    expect(await second.json()).toEqual({ success: true, message: 'User already exists' });
    expect(await t.db.db.select().from(staff).where(eq(staff.userId, userId))).toHaveLength(1);
    const status = await call('GET', '/user/status', session.access_token);
    expect(await status.json()).toEqual({ isActivated: false, isSuperuser: false });
  });

  it('activate-first-user: with 10 concurrent callers exactly one becomes superuser', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => signedUpClient(base, t.app, 'race')));
    const answers = await Promise.all(
      users.map(async (u) =>
        (await call('POST', '/users/activate-first-user', u.session.access_token)).json(),
      ),
    );
    const winners = (
      answers as { success: boolean; user: { approved: boolean; is_superuser: boolean } }[]
    ).filter((a) => a.user.is_superuser);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toEqual({ success: true, user: { approved: true, is_superuser: true } });
    expect(answers.filter((a) => (a as { success: boolean }).success)).toHaveLength(10);
    expect(await t.db.db.select().from(staff).where(eq(staff.isSuperuser, true))).toHaveLength(1);
    expect(
      await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'staff.activate_first_user')),
    ).toHaveLength(1);

    const winner =
      users[answers.findIndex((a) => (a as { user: { is_superuser: boolean } }).user.is_superuser)]!;
    expect(await (await call('GET', '/user/status', winner.session.access_token)).json()).toEqual({
      isActivated: true,
      isSuperuser: true,
    });
    const [row] = await t.db.db.select().from(staff).where(eq(staff.userId, winner.userId));
    expect(row).toMatchObject({ approvedBy: winner.userId, approvedAt: expect.any(Date) });
    // Later callers keep their own (pending) flags.
    const late = await call(
      'POST',
      '/users/activate-first-user',
      users.find((u) => u !== winner)!.session.access_token,
    );
    expect(await late.json()).toEqual({ success: true, user: { approved: false, is_superuser: false } });
  });
});
