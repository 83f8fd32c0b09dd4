import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { SeedStep } from '../../db/seed/index.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { DEMO_ACCOUNT, insertDemoUser } from '../auth/index.ts';
import { assignSeedRoles } from './role-repository.ts';

/**
 * A second demo superuser (demo data only, README), with the demo account's password: granting
 * superuser rights and changing roles are four-eyes, so trying them needs two superusers.
 */
export const DEMO_SECOND_SUPERUSER = {
  email: 'admin2@bankmanager.sl',
  fullName: 'Fatmata Second Administrator',
  mobileNo: '23276000003',
} as const;

/**
 * Superusers hold the limits of their roles like everyone else; without a role every amount they
 * post would wait for approval and they could approve none. Both demo superusers hold the Branch
 * Manager's role and limits, so each can approve the other's postings. They work across the bank,
 * so they have no home branch: the header starts at "All branches" and the inbox shows every
 * branch's requests.
 */
const DEMO_SUPERUSER_ROLES = ['branch_manager'];
const DEMO_SUPERUSER_BRANCH = null;

async function userIdOf(tx: Database, email: string): Promise<string | undefined> {
  const [u] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  return u?.id;
}

/** Seed step: the second superuser, and Branch Manager at Head Office for both demo superusers. */
export const rolesDemoStep: SeedStep = {
  name: 'second demo superuser',
  async run(tx) {
    const second = await insertDemoUser(tx, {
      email: DEMO_SECOND_SUPERUSER.email,
      password: DEMO_ACCOUNT.credentials.password,
      fullName: DEMO_SECOND_SUPERUSER.fullName,
      mobileNo: DEMO_SECOND_SUPERUSER.mobileNo,
      isSuperuser: true,
    });
    const first = await userIdOf(tx, DEMO_ACCOUNT.credentials.email);
    for (const id of [first, second])
      if (id) await assignSeedRoles(tx, id, DEMO_SUPERUSER_ROLES, DEMO_SUPERUSER_BRANCH);
  },
};
