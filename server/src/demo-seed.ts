import type { DbHandle } from './db/client.ts';
import { DEFAULT_DEMO_SEED, runSeedSteps, type SeedOptions, type SeedStep } from './db/seed/index.ts';
import { bankingSeedStep, dashboardContentSeedStep } from './db/seed/steps.ts';
import { demoAccountStep } from './modules/auth/index.ts';
import { rolesDemoStep } from './modules/roles/index.ts';
import { tellerDemoStep } from './modules/teller/index.ts';
import { loanBookDemoStep } from './modules/loan-book/index.ts';

/**
 * Every demo-data step, in order: the demo account (auth module), the second superuser and both
 * superusers' role (roles module), banking data, dashboard content, the counter staff and a stocked
 * vault (teller module), loans in every class (loan-book module).
 */
export const seedSteps: readonly SeedStep[] = [
  demoAccountStep,
  rolesDemoStep,
  bankingSeedStep,
  dashboardContentSeedStep,
  tellerDemoStep,
  // Loans in every class (after the staff who disbursed them and the borrowers exist).
  loanBookDemoStep,
];

/** Seeds the demo data of a first embedded start (server.ts), in one transaction. */
export const seedDemo = (handle: DbHandle, opts: SeedOptions = DEFAULT_DEMO_SEED): Promise<void> =>
  runSeedSteps(handle, seedSteps, opts);
