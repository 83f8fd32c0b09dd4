import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport } from '../support/screens.ts';

const table = (name: RegExp | string) => (p: Page) =>
  p.getByRole('table', { name }).first().waitFor({ timeout: 60_000 });
const SCREENS: [name: string, url: string, ready: (p: Page) => Promise<void>][] = [
  [
    'snapshot view',
    '/enquiries/snapshot',
    (p) => p.getByText(/balances at the close of|No end-of-day figures/).waitFor({ timeout: 60_000 }),
  ],
  [
    'deposit & borrowing analysis',
    '/enquiries/analysis',
    (p) => p.getByText(/month ends from/).waitFor({ timeout: 60_000 }),
  ],
  ['branch statistics', '/enquiries/statistics', table('Branch statistics')],
];

describe('Snapshot View, Deposit & Borrowing Analysis, Branch Statistics', () => {
  const browser = useBrowser();

  it('opens Branch Statistics from the demo data with a sortable table and a chart that turns into a table', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, '/enquiries/statistics');
    await table('Branch statistics')(page);
    await page.getByRole('button', { name: 'Show as table' }).click();
    await page.getByRole('table', { name: 'Deposits by branch' }).waitFor();
  }, 180_000);

  it('is axe clean in both themes and fits a 390 px phone: no page scrolls sideways', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
