import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport } from '../support/screens.ts';
import { asSecondSuperuser } from '../support/staff.ts';

const LISTS = '/compliance/sanctions-lists';
const HITS = '/compliance/sanctions-hits';
// The domestic sample: its names match no customer another journey creates (the UN sample would).
const LOCAL_CSV = path.resolve(
  import.meta.dirname,
  '../../server/test/fixtures/sanctions/local-designations-sample.csv',
);

const SCREENS: [name: string, url: string, ready: (p: Page) => Promise<void>][] = [
  ['lists', LISTS, (p) => p.getByRole('button', { name: 'Upload for approval' }).waitFor()],
  ['hits', HITS, (p) => p.getByLabel('Customer or listed name').waitFor()],
];

describe('sanctions screening', () => {
  const browser = useBrowser();

  it('a compliance import of the domestic list goes in force when a second superuser approves it', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, LISTS);
    await page.getByLabel('List', { exact: true }).selectOption('local');
    await page.getByLabel('List file (CSV)').setInputFiles(LOCAL_CSV);
    await page.getByRole('button', { name: 'Upload for approval' }).click();
    await page.getByText(/Sent for approval: 2 entries/).waitFor();
    await asSecondSuperuser(page, async (checker) => {
      await checker.goto('/transactions/control/approve');
      const row = checker.getByRole('row').filter({ hasText: 'Sanctions list import' }).first();
      await row.getByRole('button', { name: 'Approve' }).click();
      await row.waitFor({ state: 'detached' });
    });
    await page.reload();
    const imports = page.getByRole('table', { name: 'Sanctions list imports, newest first' });
    await imports
      .getByRole('row')
      .filter({ hasText: 'Domestic designations' })
      .filter({ hasText: 'In force' })
      .first()
      .waitFor();
  }, 240_000);

  it('the sanctions screens are axe clean in both themes and fit a 390 px phone', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
