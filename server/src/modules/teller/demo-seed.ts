import type { SeedStep } from '../../db/seed/index.ts';
import { DEMO_ACCOUNT, insertDemoUser } from '../auth/index.ts';
import { postEntryOnce } from '../ledger/index.ts';
import { assignSeedRoles } from '../roles/index.ts';
import { vaultGl } from './vault.ts';

/** The branch the demo's teller and supervisor work in: Head Office. */
export const DEMO_TELLER_BRANCH = '001';

/**
 * The demo's counter staff (demo data only, README): a Teller and a Head Teller / Supervisor at Head
 * Office, with the demo account's password, so a till can be opened, a large withdrawal approved and
 * a count signed off by two different people.
 */
export const DEMO_TELLER_STAFF = [
  {
    email: 'teller@bankmanager.sl',
    fullName: 'Isatu Teller Kamara',
    mobileNo: '23276000001',
    roles: ['teller'],
  },
  {
    email: 'supervisor@bankmanager.sl',
    fullName: 'Mohamed Supervisor Sesay',
    mobileNo: '23276000002',
    roles: ['supervisor'],
  },
] as const;

/** Seed step: the counter staff, and Head Office's vault stocked from the central bank (SLE) and nostro (USD). */
export const tellerDemoStep: SeedStep = {
  name: 'teller demo',
  async run(tx) {
    for (const s of DEMO_TELLER_STAFF) {
      const id = await insertDemoUser(tx, {
        email: s.email,
        password: DEMO_ACCOUNT.credentials.password,
        fullName: s.fullName,
        mobileNo: s.mobileNo,
        isSuperuser: false,
      });
      if (id) await assignSeedRoles(tx, id, [...s.roles], DEMO_TELLER_BRANCH);
    }
    const vault = vaultGl(DEMO_TELLER_BRANCH);
    // Once: a second run of the seed finds the reference and posts nothing.
    await postEntryOnce(tx, {
      source: 'seed',
      narration: 'Head Office vault stocked: Leones from the Bank of Sierra Leone, dollars from the nostro',
      reference: 'SEED-VAULT-001',
      lines: [
        { glCode: vault, currency: 'SLE', side: 'debit', amount: '2000000.00' },
        { glCode: '1030', currency: 'SLE', side: 'credit', amount: '2000000.00' },
        { glCode: vault, currency: 'USD', side: 'debit', amount: '50000.00' },
        { glCode: '1040', currency: 'USD', side: 'credit', amount: '50000.00' },
      ],
      audit: { action: 'seed.vault', targetType: 'gl_account', targetId: vault },
    });
  },
};
