import type { SeedStep } from './index.ts';
import { seedBanking } from './banking/index.ts';
import { seedDashboardContent } from './dashboard-content.ts';

/**
 * The demo's history ends today, so the screens look current. Only dates depend on it: names,
 * accounts and amounts come from the seed alone (the CLI defaults to a fixed date for byte-identical
 * reruns).
 */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Customers, accounts, postings and subscriptions at the demo size (skipped if customers exist). */
export const bankingSeedStep: SeedStep = {
  name: 'banking',
  run: async (tx, opts) => void (await seedBanking(tx, { ...opts, asOf: todayUtc() })),
};

/** News, announcements and tasks for the dashboard (skipped if news exist). */
export const dashboardContentSeedStep: SeedStep = {
  name: 'dashboard-content',
  run: (tx) => seedDashboardContent(tx, { asOf: todayUtc() }),
};
