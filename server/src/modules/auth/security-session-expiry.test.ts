import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { loadConfig } from '../../config.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { keysOf, signedUpClient } from '../../../test/support/auth-clients.ts';

/**
 * Finding 6 of the security review (docs/security.md): sessions never expired on the server (idle
 * sign-out lived only in the browser), so a stolen refresh token worked forever.
 * SESSION_INACTIVITY_TIMEOUT and SESSION_TIMEBOX end a session at its next refresh with
 * `session_expired`, as GoTrue does.
 */
describe('security: sessions expire on the server (finding 6)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      auth: { sessionInactivityTimeoutSeconds: 2 * 3600, sessionTimeboxSeconds: 12 * 3600 },
    });
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  /** Moves a session's clocks into the past, as if time had passed. */
  const age = (sessionId: string, column: 'created_at' | 'updated_at', hours: number) =>
    t.db.db.execute(
      sql`update auth_sessions set ${sql.raw(column)} = now() - make_interval(hours => ${hours}) where id = ${sessionId}`,
    );
  const sessionIdOf = (accessToken: string) =>
    (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { session_id: string })
      .session_id;

  it('a refresh after SESSION_INACTIVITY_TIMEOUT ends the session (supabase-js sees session_expired)', async () => {
    const { client: c, session } = await signedUpClient(base, t.app, 'idle');
    const id = sessionIdOf(session.access_token);
    await age(id, 'updated_at', 3);
    const { error } = await c.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toMatchObject({ status: 400, code: 'session_expired' });
    expect(await t.db.db.select().from(authSessions).where(eq(authSessions.id, id))).toHaveLength(0);
    const me = await fetch(`${base}/auth/v1/user`, {
      headers: { apikey: keysOf(t.app).anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(me.status).toBe(403);
  });

  it('a refresh after SESSION_TIMEBOX ends the session even when it was active', async () => {
    const { client: c, session } = await signedUpClient(base, t.app, 'long');
    const id = sessionIdOf(session.access_token);
    await age(id, 'created_at', 13);
    const { error } = await c.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toMatchObject({ status: 400, code: 'session_expired' });
  });

  it('a session within both limits refreshes', async () => {
    const { client: c, session } = await signedUpClient(base, t.app, 'fresh');
    await age(sessionIdOf(session.access_token), 'updated_at', 1);
    const { data, error } = await c.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });

  it('takes GoTrue-style durations, defaults to the idle timeout and 12h, and refuses a timeout shorter than a token', () => {
    const d = loadConfig({}).auth;
    expect([d.sessionInactivityTimeoutSeconds, d.sessionTimeboxSeconds]).toEqual([900, 43_200]);
    const c = loadConfig({
      IDLE_TIMEOUT_MINUTES: '90',
      SESSION_INACTIVITY_TIMEOUT: '90m',
      SESSION_TIMEBOX: '1d',
    }).auth;
    expect([c.sessionInactivityTimeoutSeconds, c.sessionTimeboxSeconds]).toEqual([5400, 86_400]);
    expect(loadConfig({ SESSION_TIMEBOX: '0' }).auth.sessionTimeboxSeconds).toBe(0);
    expect(() => loadConfig({ SESSION_INACTIVITY_TIMEOUT: '5m' })).toThrow(/AUTH_JWT_EXPIRY_SECONDS/);
  });
});
