import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { loadConfig } from '../../config.ts';
import { signedUpClient } from '../../../test/support/auth-clients.ts';

/**
 * The browser signs staff out after IDLE_TIMEOUT_MINUTES without activity, but a refresh token copied
 * off a workstation (or a tab whose timer never ran: a closed laptop) must not keep the session alive
 * for longer on the server. With the default configuration, a refresh after that long is refused.
 */
describe('the idle timeout is enforced by the server', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // No session overrides: the defaults are what is under test.
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  const idle = async (accessToken: string, minutes: number) => {
    const { session_id } = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      session_id: string;
    };
    await t.db.db.execute(
      sql`update auth_sessions set updated_at = now() - make_interval(secs => ${minutes * 60}) where id = ${session_id}`,
    );
  };

  it('refuses a refresh after IDLE_TIMEOUT_MINUTES (15) without one', async () => {
    const { client: c, session } = await signedUpClient(base, t.app, 'idle16');
    await idle(session.access_token, 16);
    const { error } = await c.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toMatchObject({ status: 400, code: 'session_expired' });
  });

  it('lets an open tab, which refreshes before its token expires, stay signed in', async () => {
    const { client: c, session } = await signedUpClient(base, t.app, 'idle9');
    // A tab refreshes shortly before its access token (10 minutes by default) expires.
    expect(session.expires_in).toBe(600);
    await idle(session.access_token, 9);
    const { error } = await c.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
  });

  it('follows IDLE_TIMEOUT_MINUTES and refuses a server timeout longer than it, or none', () => {
    expect(loadConfig({}).auth.sessionInactivityTimeoutSeconds).toBe(15 * 60);
    expect(loadConfig({ IDLE_TIMEOUT_MINUTES: '30' }).auth.sessionInactivityTimeoutSeconds).toBe(30 * 60);
    expect(loadConfig({ SESSION_INACTIVITY_TIMEOUT: '12m' }).auth.sessionInactivityTimeoutSeconds).toBe(720);
    expect(() => loadConfig({ SESSION_INACTIVITY_TIMEOUT: '2h' })).toThrow(/at most IDLE_TIMEOUT_MINUTES/);
    expect(() => loadConfig({ SESSION_INACTIVITY_TIMEOUT: '0' })).toThrow(/at most IDLE_TIMEOUT_MINUTES/);
    expect(() => loadConfig({ IDLE_TIMEOUT_MINUTES: '5' })).toThrow(/AUTH_JWT_EXPIRY_SECONDS/);
    expect(
      loadConfig({ IDLE_TIMEOUT_MINUTES: '5', AUTH_JWT_EXPIRY_SECONDS: '240' }).auth.jwtExpirySeconds,
    ).toBe(240);
  });
});
