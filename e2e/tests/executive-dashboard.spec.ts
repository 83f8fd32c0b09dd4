import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXECUTIVE_DASHBOARD_TEXT as T } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport } from '../support/screens.ts';

const DASHBOARD = '/enquiries/dashboard';
const ready = (p: Page) =>
  p.getByRole('img', { name: 'Deposits, last 12 months' }).waitFor({ timeout: 60_000 });
const SCREENS: [name: string, url: string, ready: (p: Page) => Promise<void>][] = [
  ['executive dashboard', DASHBOARD, ready],
];

describe('Executive Dashboard', () => {
  const browser = useBrowser();

  it('opens from the demo data with its figures, a chart that turns into a table, and the NPL ratio card', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, DASHBOARD);
    await page.getByRole('heading', { name: T.title }).waitFor();
    await ready(page);
    await expect.poll(() => page.getByText('Total deposits').count()).toBe(1);
    await page.getByText(`${T.nplTitle} (SLE)`).waitFor();
    const chart = page.getByRole('img', { name: 'Deposits, last 12 months' });
    expect(await chart.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByRole('button', { name: T.showTable }).first().click();
    const table = page.getByRole('table', { name: 'Deposits, last 12 months' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(13);
  }, 180_000);

  it('is axe clean in both themes and fits a 390 px phone: the page does not scroll sideways', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
