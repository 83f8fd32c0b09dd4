import type { SeedStep } from './index.ts';
import { seedBanking } from './banking/index.ts';
import { seedDashboardContent } from './dashboard-content.ts';

/** Customers, accounts, postings and subscriptions at the demo size (skipped if customers exist). */
export const bankingSeedStep: SeedStep = {
  name: 'banking',
  run: async (tx, opts) => void (await seedBanking(tx, opts)),
};

/** News, announcements and tasks for the dashboard (skipped if news exist). */
export const dashboardContentSeedStep: SeedStep = {
  name: 'dashboard-content',
  run: (tx) => seedDashboardContent(tx),
};
