import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_SEED } from '../../db/seed/index.ts';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { client, keysOf } from '../../../test/support/auth-clients.ts';
import { DEMO_ACCOUNT, demoAccountStep } from '../auth/index.ts';
import { DEMO_SECOND_SUPERUSER, rolesDemoStep } from './demo-seed.ts';

/** The demo's second superuser: four-eyes grants and role changes can be tried in the demo. */
describe('second demo superuser', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('signs in with the demo password; both demo superusers hold Branch Manager limits at Head Office', async () => {
    const opts = { ...DEFAULT_DEMO_SEED, customers: 0 };
    for (const step of [demoAccountStep, rolesDemoStep, rolesDemoStep])
      // the second run changes nothing
      await t.db.db.transaction((tx) => step.run(tx, opts));
    for (const email of [DEMO_ACCOUNT.credentials.email, DEMO_SECOND_SUPERUSER.email]) {
      const { data, error } = await client(base, keysOf(t.app).anonKey).auth.signInWithPassword({
        email,
        password: DEMO_ACCOUNT.credentials.password,
      });
      expect(error).toBeNull();
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/me/permissions',
        headers: { authorization: `Bearer ${data.session!.access_token}` },
      });
      expect(me.json()).toMatchObject({
        isSuperuser: true,
        homeBranch: null,
        roles: [{ key: 'branch_manager' }],
      });
    }
  });
});
