import { hash } from '@node-rs/argon2';
import type { Database } from '../../db/client.ts';
import type { SeedStep } from '../../db/seed/index.ts';
import { writeAudit } from '../audit/index.ts';
import { findUserByEmail, insertUserWithProfile } from './users.ts';

/** The demo sign-in the SPA prefills in demo mode (embedded start). Never seeded in production. */
export const DEMO_ACCOUNT = {
  credentials: { email: 'demo@bankmanager.sl', password: 'Demo-Leone-2026' },
  fullName: 'Demo Administrator',
  mobileNo: '23276000000',
} as const;

export interface DemoUser {
  email: string;
  password: string;
  fullName: string;
  mobileNo: string;
  isSuperuser: boolean;
}

/**
 * A confirmed, activated demo sign-in with profile and staff record; returns its id, or null when the
 * address already exists (a seed step runs again only on a half-seeded database). Demo data only.
 */
export async function insertDemoUser(tx: Database, u: DemoUser): Promise<string | null> {
  if (await findUserByEmail(tx, u.email)) return null;
  const user = await insertUserWithProfile(tx, {
    email: u.email,
    // argon2id with the library's (production-strength) defaults.
    passwordHash: await hash(u.password),
    confirmed: true,
    userMetadata: { fullName: u.fullName, mobileNo: u.mobileNo, bank_code: 'CB' },
    profile: { fullName: u.fullName, mobileNo: u.mobileNo, bankCode: 'CB' },
    staffFlags: { approved: true, isSuperuser: u.isSuperuser },
  });
  await writeAudit(tx, {
    action: 'auth.sign_up',
    outcome: 'success',
    actorId: user.id,
    actorEmail: u.email,
    targetType: 'user',
    targetId: user.id,
    details: { seed: 'demo account' },
  });
  return user.id;
}

/** Seed step: an activated superuser with profile and staff record, so the whole app can be tried. */
export const demoAccountStep: SeedStep = {
  name: 'demo account',
  async run(tx) {
    await insertDemoUser(tx, {
      ...DEMO_ACCOUNT.credentials,
      fullName: DEMO_ACCOUNT.fullName,
      mobileNo: DEMO_ACCOUNT.mobileNo,
      isSuperuser: true,
    });
  },
};
