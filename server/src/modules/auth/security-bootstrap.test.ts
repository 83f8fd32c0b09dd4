import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loadConfig } from '../../config.ts';
import { exposureNotice } from '../../lib/exposure-notice.ts';
import { bootstrapWarning } from '../staff/index.ts';
import { staffUsers } from '../../../test/support/staff-users.ts';

/**
 * Findings 13 and 14 of the security review (docs/security.md): demo mode listened on 0.0.0.0 while its
 * page shows the demo superuser's credentials; without demo data whoever signs up first becomes
 * superuser.
 */
describe('security: first superuser and demo exposure (findings 13, 14)', () => {
  describe('BOOTSTRAP_SUPERUSER_EMAIL set', () => {
    let t: TestApp;
    let make: Awaited<ReturnType<typeof staffUsers>>['make'];
    beforeAll(async () => {
      t = await createTestApp({ bootstrapSuperuserEmail: 'pending.boss@bank.sl' });
      make = (await staffUsers(t.app)).make;
    });
    afterAll(() => t.close());

    const activateFirst = (auth: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/activate-first-user',
        headers: { authorization: auth },
      });

    it('a stranger who reaches a fresh installation first does not become superuser', async () => {
      const stranger = await make('pending', 'stranger');
      const res = await activateFirst(stranger.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { approved: false, is_superuser: false } });
      expect(await bootstrapWarning(t.db.db, t.config)).toBeUndefined(); // the operator chose
    });

    it('the named address does', async () => {
      // Identities are generated, so the address is named once its user exists (before anyone asks).
      await t.close();
      t = await createTestApp();
      make = (await staffUsers(t.app)).make;
      const first = await make('pending', 'boss');
      t.config.bootstrapSuperuserEmail = first.email;
      const stranger = await make('pending', 'stranger');
      expect((await activateFirst(stranger.auth)).json()).toMatchObject({ user: { is_superuser: false } });
      expect((await activateFirst(first.auth)).json()).toMatchObject({
        user: { approved: true, is_superuser: true },
      });
    });
  });

  describe('BOOTSTRAP_SUPERUSER_EMAIL unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('warns at start-up while no superuser exists, and stops once one does', async () => {
      expect(await bootstrapWarning(t.db.db, t.config)).toMatch(/BOOTSTRAP_SUPERUSER_EMAIL/);
      await (await staffUsers(t.app)).make('superuser');
      expect(await bootstrapWarning(t.db.db, t.config)).toBeUndefined();
    });
  });

  it('demo mode listens on loopback unless HOST says otherwise, and says how to expose it', () => {
    const demo = loadConfig({});
    expect(demo.demoData).toBe(true);
    expect(demo.host).toBe('localhost'); // both loopbacks, nothing else
    expect(exposureNotice(demo)).toMatch(/HOST=0\.0\.0\.0/);
    expect(loadConfig({ DEMO_DATA: 'false' }).host).toBe('0.0.0.0');
    const exposed = loadConfig({ HOST: '0.0.0.0' });
    expect(exposed.host).toBe('0.0.0.0');
    expect(exposureNotice(exposed)).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0');
  });
});
