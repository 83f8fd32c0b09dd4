import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
  type AuthChangeEvent,
} from '@supabase/supabase-js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { eq } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { profiles, staff } from '../../db/schema/auth.ts';
import { client, keysOf, newIdentity, signedUpClient } from '../../../test/support/auth-clients.ts';

/** The stock supabase-js 2.79 client over real HTTP: sign-up, sign-in, tokens, sessions, profiles. */
describe('supabase-js conformance: sessions', () => {
  let t: TestApp;
  let base: string;
  let anon: string;
  beforeAll(async () => {
    t = await createTestApp({ auth: { refreshReuseIntervalSeconds: 2 } });
    base = await listen(t.app);
    anon = keysOf(t.app).anonKey;
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password: string) => {
    const c = client(base, anon);
    const { data, error } = await c.auth.signInWithPassword({ email, password });
    if (error) throw error;
    return { client: c, session: data.session };
  };

  it('signUp (autoconfirm) returns a session and creates the profile and a pending staff record', async () => {
    const id = newIdentity();
    const c = client(base, anon);
    const { data, error } = await c.auth.signUp({
      email: id.email.toUpperCase(),
      password: id.password,
      options: { data: { ...id.data, mobileNo: '+232 (76) 000-0001' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user?.email).toBe(id.email);
    expect(data.user?.user_metadata).toMatchObject({
      fullName: id.data.fullName,
      mobileNo: '232760000001',
      bank_code: 'CB',
    });
    const [p] = await t.db.db.select().from(profiles).where(eq(profiles.id, data.user!.id));
    expect(p).toMatchObject({
      fullName: id.data.fullName,
      mobileNo: '232760000001',
      bankCode: 'CB',
      theme: null,
    });
    const [s] = await t.db.db.select().from(staff).where(eq(staff.userId, data.user!.id));
    expect(s).toMatchObject({ approved: false, isSuperuser: false });
  });

  it('refuses a duplicate email (user_already_exists) and a duplicate mobile number (mobile_exists)', async () => {
    const { id } = await signedUpClient(base, t.app);
    const again = await client(base, anon).auth.signUp({
      email: id.email,
      password: id.password,
      options: { data: newIdentity().data },
    });
    expect(again.error).toBeInstanceOf(AuthApiError);
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' });
    const other = newIdentity();
    const dupMobile = await client(base, anon).auth.signUp({
      email: other.email,
      password: other.password,
      options: { data: id.data },
    });
    expect(dupMobile.error).toMatchObject({ status: 422, code: 'mobile_exists' });
    const badData = await client(base, anon).auth.signUp({
      email: other.email,
      password: other.password,
      options: { data: { fullName: 'X' } },
    });
    expect(badData.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Mobile number is required',
    });
  });

  it('signInWithPassword works; a wrong password is AuthApiError invalid_credentials', async () => {
    const { id } = await signedUpClient(base, t.app);
    const { session } = await signIn(id.email, id.password);
    expect(session?.user.email).toBe(id.email);
    const bad = await client(base, anon).auth.signInWithPassword({
      email: id.email,
      password: 'wrong-password',
    });
    expect(bad.error).toBeInstanceOf(AuthApiError);
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const unknown = await client(base, anon).auth.signInWithPassword({
      email: 'nobody@bank.sl',
      password: 'whatever1',
    });
    expect(unknown.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('a weak password is AuthWeakPasswordError with reasons', async () => {
    const id = newIdentity();
    const { error } = await client(base, anon).auth.signUp({
      email: id.email,
      password: '12345',
      options: { data: id.data },
    });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, reasons: ['length'] });
  });

  it('access tokens verify against the published JWKS with the protocol claims', async () => {
    const { session, userId } = await signedUpClient(base, t.app);
    const jwks = createRemoteJWKSet(new URL(`${base}/auth/v1/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(session.access_token, jwks, {
      audience: 'authenticated',
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    expect(payload).toMatchObject({
      sub: userId,
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      phone: '',
      session_id: expect.any(String),
    });
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(session.expires_in).toBe(600);
  });

  it('rotates refresh tokens; concurrent use inside the interval gets the same child; reuse later revokes the session', async () => {
    const { client: c, session } = await signedUpClient(base, t.app);
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const child = refreshed.data.session!.refresh_token;
    expect(child).not.toBe(session.refresh_token);

    const raw = (token: string) =>
      fetch(`${base}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: anon, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ refresh_token: token }),
      });
    // Two tabs refresh at once with the same (now current) token: both get the same next token.
    const [a, b] = await Promise.all([raw(child), raw(child)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ja, jb] = (await Promise.all([a.json(), b.json()])) as { refresh_token: string }[];
    expect(ja!.refresh_token).toBe(jb!.refresh_token);
    // The first token, revoked earlier, still gets the session's current token inside the interval.
    const early = await raw(session.refresh_token);
    expect(early.status).toBe(200);
    expect(((await early.json()) as { refresh_token: string }).refresh_token).toBe(ja!.refresh_token);

    await new Promise((r) => setTimeout(r, 2200));
    const late = await raw(session.refresh_token);
    expect(late.status).toBe(400);
    expect(late.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await late.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    // The whole session is gone: even the current token and the access token are refused.
    expect((await raw(ja!.refresh_token)).status).toBe(400);
    const user = await c.auth.getUser(refreshed.data.session!.access_token);
    expect(isAuthSessionMissingError(user.error)).toBe(true);
  });

  it('answers the legacy error shape without the API version header', async () => {
    const res = await fetch(`${base}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: anon, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: 'nope' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'refresh_token_not_found',
      msg: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });

  it('getUser and updateUser: data merges key by key, null deletes', async () => {
    const { client: c, id } = await signedUpClient(base, t.app);
    const got = await c.auth.getUser();
    expect(got.data.user?.email).toBe(id.email);
    expect(got.data.user?.identities?.[0]).toMatchObject({ provider: 'email', email: id.email });
    const events: AuthChangeEvent[] = [];
    c.auth.onAuthStateChange((e) => void events.push(e));
    const upd = await c.auth.updateUser({ data: { theme_hint: 'x', bank_code: null, fullName: 'New Name' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toEqual({
      fullName: 'New Name',
      mobileNo: id.data.mobileNo,
      theme_hint: 'x',
    });
    expect(events).toContain('USER_UPDATED');
    const [p] = await t.db.db.select().from(profiles).where(eq(profiles.id, upd.data.user!.id));
    expect(p?.fullName).toBe('New Name');
  });

  it('even with autoconfirm, an e-mail change waits for both codes; a taken address is email_exists', async () => {
    const { client: c, id } = await signedUpClient(base, t.app);
    const { id: other } = await signedUpClient(base, t.app);
    expect((await c.auth.updateUser({ email: other.email })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });
    const changed = await c.auth.updateUser({ email: `moved.${id.email}` });
    // Secure e-mail change (docs/security.md, finding 5): nothing applies until both addresses confirm.
    expect(changed.data.user).toMatchObject({ email: id.email, new_email: `moved.${id.email}` });
  });

  it('a password change ends the other sessions but keeps this one', async () => {
    const { client: a, id } = await signedUpClient(base, t.app);
    const { client: b } = await signIn(id.email, id.password);
    const same = await a.auth.updateUser({ password: id.password });
    expect(same.error).toMatchObject({ code: 'same_password', status: 422 });
    const changed = await a.auth.updateUser({ password: 'another-pass-2' });
    expect(changed.error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    const bUser = await b.auth.getUser();
    expect(isAuthSessionMissingError(bUser.error)).toBe(true);
    expect(
      (await client(base, anon).auth.signInWithPassword({ email: id.email, password: id.password })).error
        ?.code,
    ).toBe('invalid_credentials');
    expect((await signIn(id.email, 'another-pass-2')).session).not.toBeNull();
  });

  async function threeSessions() {
    const { client: a, id } = await signedUpClient(base, t.app);
    const { client: b } = await signIn(id.email, id.password);
    const { client: c } = await signIn(id.email, id.password);
    const events = new Map<string, AuthChangeEvent[]>();
    for (const [name, cl] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      events.set(name, []);
      cl.auth.onAuthStateChange((e) => void events.get(name)!.push(e));
    }
    return { a, b, c, events };
  }

  const refreshFails = async (cl: ReturnType<typeof client>) => {
    const r = await cl.auth.refreshSession();
    return r.error !== null && r.data.session === null && (await cl.auth.getSession()).data.session === null;
  };

  it('signOut local ends only this session; the client emits SIGNED_OUT', async () => {
    const { a, b, events } = await threeSessions();
    const token = (await a.auth.getSession()).data.session!.refresh_token;
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(events.get('a')).toContain('SIGNED_OUT');
    const again = await client(base, anon).auth.refreshSession({ refresh_token: token });
    expect(again.error?.status).toBe(400);
    expect((await b.auth.refreshSession()).error).toBeNull();
  });

  it('signOut others ends the other sessions: their refresh fails and they emit SIGNED_OUT', async () => {
    const { a, b, c, events } = await threeSessions();
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(events.get('a')).not.toContain('SIGNED_OUT');
    expect(await refreshFails(b)).toBe(true);
    expect(await refreshFails(c)).toBe(true);
    expect(events.get('b')).toContain('SIGNED_OUT');
    expect(events.get('c')).toContain('SIGNED_OUT');
    expect((await a.auth.refreshSession()).error).toBeNull();
  });

  it('signOut global ends every session of the user', async () => {
    const { a, b, c, events } = await threeSessions();
    expect((await a.auth.signOut()).error).toBeNull();
    expect(events.get('a')).toContain('SIGNED_OUT');
    expect(await refreshFails(b)).toBe(true);
    expect(await refreshFails(c)).toBe(true);
    expect(events.get('b')).toContain('SIGNED_OUT');
  });

  it("from('profiles'): reads and updates the own theme; another user's row is invisible and unchanged", async () => {
    const me = await signedUpClient(base, t.app);
    const other = await signedUpClient(base, t.app);
    const read = await me.client.from('profiles').select('theme').eq('id', me.userId).single();
    expect(read).toMatchObject({ error: null, data: { theme: null }, status: 200 });
    const upd = await me.client.from('profiles').update({ theme: 'dark' }).eq('id', me.userId);
    expect(upd.error).toBeNull();
    expect(upd.status).toBe(204);
    expect((await me.client.from('profiles').select('theme').eq('id', me.userId).single()).data).toEqual({
      theme: 'dark',
    });
    const rep = await me.client
      .from('profiles')
      .update({ theme: 'light' })
      .eq('id', me.userId)
      .select('theme');
    expect(rep).toMatchObject({ status: 200, data: [{ theme: 'light' }] });

    const theirs = await me.client.from('profiles').select('theme').eq('id', other.userId);
    expect(theirs).toMatchObject({ error: null, data: [] });
    const single = await me.client.from('profiles').select('theme').eq('id', other.userId).single();
    expect(single.status).toBe(406);
    expect(single.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
    });
    await me.client.from('profiles').update({ theme: 'dark' }).eq('id', other.userId);
    const [p] = await t.db.db.select().from(profiles).where(eq(profiles.id, other.userId));
    expect(p?.theme).toBeNull();

    const badColumn = await me.client
      .from('profiles')
      .update({ mobile_no: '0000000000' })
      .eq('id', me.userId);
    expect(badColumn).toMatchObject({ status: 400, error: { code: 'PGRST204' } });
    const badTheme = await me.client.from('profiles').update({ theme: 'pink' }).eq('id', me.userId);
    expect(badTheme.status).toBe(400);
    const anonRead = await client(base, anon).from('profiles').select('theme');
    expect(anonRead).toMatchObject({ error: null, data: [] });
  });
});
