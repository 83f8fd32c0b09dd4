import { describe, expect, it } from 'vitest';
import { downloadAfter } from '../support/downloads.ts';
import type { Page } from 'playwright-core';
import { STATEMENT_BATCH_TEXT as T } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport } from '../support/screens.ts';

const URL = '/reports/statements';
const ready = (p: Page) => p.getByRole('button', { name: T.start }).waitFor({ timeout: 60_000 });
const SCREENS: [name: string, url: string, ready: (p: Page) => Promise<void>][] = [
  ['statement printing', URL, ready],
];

describe('Statement Printing', () => {
  const browser = useBrowser();

  it('prints a small branch’s month-end statements in the background: the bar reaches done, the file downloads', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, URL);
    await ready(page);
    // The header's branch narrows a bank-wide user's batch to one branch.
    await page.getByRole('combobox', { name: 'Branch', exact: true }).selectOption({ label: 'Congo Cross' });
    await page.getByText('Branch 004 (chosen in the header).').waitFor();
    await page.getByLabel('Accounts').selectOption('branch');
    await page.getByLabel('Output').selectOption('merged');
    await page.getByRole('button', { name: T.start }).click();
    const section = page.getByRole('region', { name: /^Batch \d+$/ });
    const bar = section.getByRole('progressbar');
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 180_000 }).toBe('100');
    // The bar reaches 100 while the batch still says Running; Done follows once the file is written.
    await expect
      .poll(() => bar.getAttribute('aria-valuetext'), { timeout: 60_000 })
      .toMatch(/^Done: [\d,]+ of [\d,]+ statements$/);
    const download = section.getByRole('button', { name: new RegExp(`^${T.download} statements-\\d+-004-`) });
    const file = await downloadAfter(page, () => download.click());
    expect(file.suggestedFilename()).toMatch(/^statements-\d+-004-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.pdf$/);
    // The batch is in the list of past batches too, done.
    await page
      .getByRole('table', { name: T.listCaption })
      .getByRole('cell', { name: '004' })
      .first()
      .waitFor();
  }, 300_000);

  it('is axe clean in both themes and fits a 390 px phone: the page does not scroll sideways', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
