import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_LOOKALIKE_MESSAGES as M } from '@bankmanager/contracts';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { client, keysOf, newIdentity, signedUpClient } from '../../../test/support/auth-clients.ts';

/**
 * An insider registers an address that reads as a colleague's (`boss@bank.sl` with an invisible
 * U+200B, or with a Cyrillic `а`), so that requests and audit rows in "their" name look genuine.
 * /auth/v1 refuses such addresses wherever one is registered, with a message on what is wrong.
 */
describe('look-alike e-mail addresses', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  const signUp = (email: string) => {
    const id = newIdentity('lookalike');
    return client(base, keysOf(t.app).anonKey).auth.signUp({
      email,
      password: id.password,
      options: { data: id.data },
    });
  };

  it('refuses sign-ups with invisible characters, mixed alphabets or full-width letters (supabase-js)', async () => {
    expect((await signUp('boss@bank.sl')).error).toBeNull();
    for (const [email, message] of [
      ['boss\u200b@bank.sl', M.invisible],
      ['boss@bank.sl\u200b', M.invisible],
      ['boss@b\u0430nk.sl', M.mixedScripts],
      ['b\u043ess@bank.sl', M.mixedScripts],
      ['\uff42oss@bank.sl', M.compatibility],
    ] as const) {
      const { data, error } = await signUp(email);
      expect(error, email).toMatchObject({ status: 400, code: 'validation_failed', message });
      expect(data.user).toBeNull();
    }
  });

  it('refuses the same over plain HTTP, and an e-mail change to such an address', async () => {
    const id = newIdentity('raw');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: keysOf(t.app).anonKey },
      payload: { email: 'ceo@b\u0430nk.sl', password: id.password, data: id.data },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed', msg: M.mixedScripts });

    const { client: c } = await signedUpClient(base, t.app, 'changer');
    const { error } = await c.auth.updateUser({ email: 'ceo\u200d@bank.sl' });
    expect(error).toMatchObject({ status: 400, message: M.invisible });
  });
});
