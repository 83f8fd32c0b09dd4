import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { createTestApp, listen, testConfig, type TestApp } from '../../../test/support/harness.ts';
import { DEFAULT_DEMO_SEED } from '../../db/seed/index.ts';
import { seedDemo } from '../../demo-seed.ts';
import { authUsers, profiles, staff } from '../../db/schema/auth.ts';
import { DEMO_ACCOUNT, demoAccountStep } from './demo-account.ts';
import { client, keysOf } from '../../../test/support/auth-clients.ts';

describe('demo account', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('is an activated superuser with a profile, signs in, and its credentials reach the SPA only in demo mode', async () => {
    await t.db.db.transaction((tx) => demoAccountStep.run(tx, { ...DEFAULT_DEMO_SEED, customers: 0 }));
    await t.db.db.transaction((tx) => demoAccountStep.run(tx, { ...DEFAULT_DEMO_SEED, customers: 0 })); // idempotent
    const { email, password } = DEMO_ACCOUNT.credentials;
    const [user] = await t.db.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(user?.emailConfirmedAt).not.toBeNull();
    expect(await t.db.db.select().from(staff).where(eq(staff.userId, user!.id))).toMatchObject([
      { approved: true, isSuperuser: true },
    ]);
    expect(await t.db.db.select().from(profiles).where(eq(profiles.id, user!.id))).toMatchObject([
      { fullName: DEMO_ACCOUNT.fullName },
    ]);
    const signIn = await client(base, keysOf(t.app).anonKey).auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    expect(t.app.publicConfig.demoCredentials).toEqual({ email, password });
    expect(t.app.publicConfig.anonKey).toBe(keysOf(t.app).anonKey);
    expect(JSON.stringify(t.app.publicConfig)).not.toContain(keysOf(t.app).serviceKey);
  });

  it('is part of the demo seed', async () => {
    expect(typeof seedDemo).toBe('function');
    const { seedSteps } = await import('../../demo-seed.ts');
    expect(seedSteps).toContain(demoAccountStep);
  });

  it('outside demo mode, serves no demo credentials', async () => {
    const app = await buildApp({ config: testConfig({ demoData: false }), db: t.db, logger: false });
    try {
      expect(app.publicConfig.demoCredentials).toBeNull();
      expect(app.publicConfig.anonKey).not.toBe('');
    } finally {
      await app.close();
    }
  });
});
