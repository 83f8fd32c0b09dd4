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
 * One person per office role (demo data only, README), with the demo account's password, so every
 * four-eyes flow can be completed by signing in as the right second person instead of granting
 * superuser rights. Counter staff (tellers and supervisors) come from the teller module's demo step,
 * which also stocks their vaults.
 */
export const DEMO_ROLE_STAFF = [
  { email: 'manager@bankmanager.sl', fullName: 'Abu Manager Bangura', role: 'branch_manager', branch: '001' },
  { email: 'officer@bankmanager.sl', fullName: 'Musa Officer Kanu', role: 'officer', branch: '001' },
  { email: 'cso@bankmanager.sl', fullName: 'Mariama Service Jalloh', role: 'cso', branch: '001' },
  {
    email: 'accountant@bankmanager.sl',
    fullName: 'Ibrahim Accountant Koroma',
    role: 'accountant',
    branch: '001',
  },
  {
    email: 'compliance@bankmanager.sl',
    fullName: 'Kadiatu Compliance Turay',
    role: 'compliance',
    branch: '001',
  },
  { email: 'auditor@bankmanager.sl', fullName: 'Sorie Auditor Kamara', role: 'auditor', branch: '001' },
  {
    email: 'itsecurity@bankmanager.sl',
    fullName: 'Hawa Security Conteh',
    role: 'it_security',
    branch: '001',
  },
  {
    email: 'credit@bankmanager.sl',
    fullName: 'Alusine Credit Fofanah',
    role: 'credit_officer',
    branch: '001',
  },
  {
    email: 'headofcredit@bankmanager.sl',
    fullName: 'Christiana Credit Cole',
    role: 'head_of_credit',
    branch: '001',
  },
  {
    email: 'committee@bankmanager.sl',
    fullName: 'Osman Committee Kargbo',
    role: 'credit_committee',
    branch: '001',
  },
  // The MLRO decides escalated AML cases and approves the Compliance Officer's rule changes.
  { email: 'mlro@bankmanager.sl', fullName: 'Zainab Reporting Sesay', role: 'mlro', branch: '001' },
  // Flows whose maker and checker hold the same role (role changes, end of day, product changes):
  // a second person in each, so the demo completes them without a superuser.
  {
    email: 'itsecurity2@bankmanager.sl',
    fullName: 'Joseph Security Sankoh',
    role: 'it_security',
    branch: '001',
  },
  {
    email: 'operations@bankmanager.sl',
    fullName: 'Adama Operations Bangura',
    role: 'operations',
    branch: '001',
  },
  {
    email: 'operations2@bankmanager.sl',
    fullName: 'Fatu Operations Kamara',
    role: 'operations',
    branch: '001',
  },
  {
    email: 'products@bankmanager.sl',
    fullName: 'Mohamed Products Sesay',
    role: 'product_manager',
    branch: '001',
  },
  {
    email: 'products2@bankmanager.sl',
    fullName: 'Aminata Products Koroma',
    role: 'product_manager',
    branch: '001',
  },
] as const;

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

/** Seed step: the second superuser, Branch Manager for both demo superusers, and one person per office role. */
export const rolesDemoStep: SeedStep = {
  name: 'second demo superuser and office staff',
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
    for (const [i, s] of DEMO_ROLE_STAFF.entries()) {
      const id = await insertDemoUser(tx, {
        email: s.email,
        password: DEMO_ACCOUNT.credentials.password,
        fullName: s.fullName,
        mobileNo: `232760001${String(i).padStart(2, '0')}`,
        isSuperuser: false,
      });
      if (id) await assignSeedRoles(tx, id, [s.role], s.branch);
    }
  },
};
