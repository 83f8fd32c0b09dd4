import type { SeedStep } from '../../db/seed/index.ts';
import { DEMO_ACCOUNT, insertDemoUser } from '../auth/index.ts';
import { postEntryOnce } from '../ledger/index.ts';
import { assignSeedRoles } from '../roles/index.ts';
import { registerDemoTills, type DemoTill } from './tills.ts';
import { vaultGl } from './vault.ts';

/** The branch the demo's teller and supervisor work in: Head Office. */
export const DEMO_TELLER_BRANCH = '001';

/**
 * The demo's counter staff (demo data only, README): a Teller and a Head Teller / Supervisor at Head
 * Office and at Bo, with the demo account's password, so a till can be opened, a large withdrawal
 * approved and a count signed off by two different people, and branch scope can be seen at work (a
 * Bo supervisor decides Bo's requests, not Head Office's).
 */
export const DEMO_TELLER_STAFF = [
  {
    email: 'teller@bankmanager.sl',
    fullName: 'Isatu Teller Kamara',
    mobileNo: '23276000001',
    roles: ['teller'],
    branch: DEMO_TELLER_BRANCH,
  },
  {
    email: 'supervisor@bankmanager.sl',
    fullName: 'Mohamed Supervisor Sesay',
    mobileNo: '23276000002',
    roles: ['supervisor'],
    branch: DEMO_TELLER_BRANCH,
  },
  {
    email: 'bo.teller@bankmanager.sl',
    fullName: 'Aminata Teller Sesay',
    mobileNo: '23276000004',
    roles: ['teller'],
    branch: '010',
  },
  {
    email: 'bo.supervisor@bankmanager.sl',
    fullName: 'Foday Supervisor Mansaray',
    mobileNo: '23276000005',
    roles: ['supervisor'],
    branch: '010',
  },
] as const;

/**
 * Each demo branch's till register (ADR 0068): counter 1 kept for the branch's teller, the others free
 * for whoever works the counter that day.
 */
export const DEMO_TILLS: Record<string, readonly DemoTill[]> = {
  [DEMO_TELLER_BRANCH]: [
    { code: 'TILL-1', name: 'Counter 1', tellerEmail: 'teller@bankmanager.sl' },
    { code: 'TILL-2', name: 'Counter 2' },
    { code: 'TILL-3', name: 'Counter 3' },
    { code: 'TILL-4', name: 'Counter 4' },
    { code: 'TILL-FX', name: 'Foreign currency counter' },
  ],
  '010': [
    { code: 'TILL-1', name: 'Counter 1', tellerEmail: 'bo.teller@bankmanager.sl' },
    { code: 'TILL-2', name: 'Counter 2' },
  ],
};

/** Seed step: the counter staff, the tills of their branches, Head Office's vault stocked from the central bank (SLE) and nostro (USD), and Bo's (SLE). */
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
      if (id) await assignSeedRoles(tx, id, [...s.roles], s.branch);
    }
    for (const [branch, tills] of Object.entries(DEMO_TILLS)) await registerDemoTills(tx, branch, tills);
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
    const boVault = vaultGl('010');
    await postEntryOnce(tx, {
      source: 'seed',
      narration: 'Bo vault stocked: Leones from the Bank of Sierra Leone',
      reference: 'SEED-VAULT-010',
      lines: [
        { glCode: boVault, currency: 'SLE', side: 'debit', amount: '500000.00' },
        { glCode: '1030', currency: 'SLE', side: 'credit', amount: '500000.00' },
      ],
      audit: { action: 'seed.vault', targetType: 'gl_account', targetId: boVault },
    });
  },
};
