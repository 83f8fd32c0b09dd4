import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../app.ts';
import { createTestDb, listen, testConfig } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { staff } from '../../db/schema/auth.ts';
import {
  currentUser,
  requireActivated,
  requireApiKeyOrUser,
  requireSuperuser,
  requireUser,
} from './guards.ts';
import { keysOf, signedUpClient } from '../../../test/support/auth-clients.ts';

/** The reusable preHandlers other /api features use. */
describe('auth guards', () => {
  let db: DbHandle;
  let app: App;
  let base: string;
  beforeAll(async () => {
    db = await createTestDb();
    app = await buildApp({ config: testConfig(), db, logger: false });
    await app.register(
      async (api) => {
        api.get('/who', { preHandler: requireUser }, async (req) => currentUser(req));
        api.get('/activated', { preHandler: requireActivated }, async () => ({ ok: true }));
        api.get('/super', { preHandler: requireSuperuser }, async () => ({ ok: true }));
        api.get('/public', { preHandler: requireApiKeyOrUser }, async (req) => ({
          user: req.authUser?.userId ?? null,
        }));
      },
      { prefix: '/api/guard-test' },
    );
    base = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/guard-test${path}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  it('public routes take the anon key in x-api-key or a user token, nothing else', async () => {
    expect((await get('/public')).status).toBe(401);
    expect((await get('/public', undefined, { 'x-api-key': 'forged' })).status).toBe(401);
    const anon = await get('/public', undefined, { 'x-api-key': keysOf(app).anonKey });
    expect(await anon.json()).toEqual({ user: null });
    const { session, userId } = await signedUpClient(base, app);
    expect(await (await get('/public', session.access_token)).json()).toEqual({ user: userId });
    expect((await get('/public', 'bad-token', { 'x-api-key': keysOf(app).anonKey })).status).toBe(401);
  });

  it('401 without or with a bad token; 403 while pending; passes once activated; superuser-only routes', async () => {
    expect((await get('/who')).status).toBe(401);
    expect((await get('/activated', 'garbage')).status).toBe(401);
    const { session, userId, id } = await signedUpClient(base, app);
    const who = await get('/who', session.access_token);
    expect(await who.json()).toEqual({
      userId,
      email: id.email,
      sessionId: expect.any(String),
      isActivated: false,
      isSuperuser: false,
      aalSatisfied: true,
      // A pending account holds no permissions, whatever roles it may have: activation comes first.
      permissions: [],
      homeBranch: null,
    });
    const pending = await get('/activated', session.access_token);
    expect(pending.status).toBe(403);
    expect(await pending.json()).toEqual({ error: expect.any(String) });
    await db.db.update(staff).set({ approved: true }).where(eq(staff.userId, userId));
    expect((await get('/activated', session.access_token)).status).toBe(200);
    expect((await get('/super', session.access_token)).status).toBe(403);
    await db.db.update(staff).set({ approved: false, isSuperuser: true }).where(eq(staff.userId, userId));
    expect((await get('/activated', session.access_token)).status).toBe(200);
    expect((await get('/super', session.access_token)).status).toBe(200);
  });
});
