import { hash } from '@node-rs/argon2';
import type { SeedStep } from '../../db/seed/index.ts';
import { writeAudit } from '../audit/index.ts';
import { findUserByEmail, insertUserWithProfile } from './users.ts';

/** The demo sign-in the SPA prefills in demo mode (embedded start). Never seeded in production. */
export const DEMO_ACCOUNT = {
  credentials: { email: 'demo@bankmanager.sl', password: 'Demo-Leone-2026' },
  fullName: 'Demo Administrator',
  mobileNo: '23276000000',
} as const;

/** Seed step: an activated superuser with profile and staff record, so the whole app can be tried. */
export const demoAccountStep: SeedStep = {
  name: 'demo account',
  async run(tx) {
    const { email, password } = DEMO_ACCOUNT.credentials;
    if (await findUserByEmail(tx, email)) return;
    const user = await insertUserWithProfile(tx, {
      email,
      // argon2id with the library's (production-strength) defaults.
      passwordHash: await hash(password),
      confirmed: true,
      userMetadata: { fullName: DEMO_ACCOUNT.fullName, mobileNo: DEMO_ACCOUNT.mobileNo, bank_code: 'CB' },
      profile: { fullName: DEMO_ACCOUNT.fullName, mobileNo: DEMO_ACCOUNT.mobileNo, bankCode: 'CB' },
      staffFlags: { approved: true, isSuperuser: true },
    });
    await writeAudit(tx, {
      action: 'auth.sign_up',
      outcome: 'success',
      actorId: user.id,
      actorEmail: email,
      targetType: 'user',
      targetId: user.id,
      details: { seed: 'demo account' },
    });
  },
};
