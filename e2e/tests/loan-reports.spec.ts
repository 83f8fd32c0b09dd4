import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { downloadedText, downloadAfter } from '../support/downloads.ts';
import { signInAsDemo, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport, type Screen } from '../support/screens.ts';

const REPORTS = '/accounts/loan/reports';
const table = (p: Page, name: RegExp) => p.getByRole('table', { name }).waitFor({ timeout: 60_000 });

const SCREENS: Screen[] = [
  ['portfolio at risk', REPORTS, (p) => table(p, /^Portfolio at risk on /)],
  ['arrears ageing', `${REPORTS}?report=arrears-ageing`, (p) => table(p, /^Arrears ageing on /)],
  [
    'classification return',
    `${REPORTS}?report=classification-return`,
    (p) => p.getByRole('table', { name: 'Against the general ledger' }).waitFor({ timeout: 60_000 }),
  ],
];

describe('Loan Reports', () => {
  const browser = useBrowser();

  it('the dashboard’s Active Loans opens the book; the reports open by tab; the arrears CSV downloads', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page);
    const card = page.getByRole('link', { name: /Active loans/i });
    await card.waitFor({ timeout: 60_000 });
    await card.click();
    await table(page, /^Loan officer’s portfolio on /);

    await page.getByRole('tab', { name: 'Portfolio at risk' }).click();
    await table(page, /^Portfolio at risk on /);
    await page.getByRole('tab', { name: 'Classification and provisioning return' }).click();
    const gl = page.getByRole('table', { name: 'Against the general ledger' });
    await gl.waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Arrears ageing' }).click();
    await table(page, /^Arrears ageing on /);
    // The demo book has a loan in every class, so some are in arrears. Journeys sharing this demo
    // server run end of day, and its auto-debit collects what it can from the repayment accounts, so
    // only the header and at least one loan are certain.
    expect(
      await page
        .getByRole('table', { name: /^Arrears ageing on / })
        .getByRole('row')
        .count(),
    ).toBeGreaterThan(1);

    const download = await downloadAfter(page, () =>
      page.getByRole('button', { name: 'Download CSV' }).click(),
    );
    expect(download.suggestedFilename()).toMatch(/^arrears-ageing-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloadedText(download);
    expect(csv).toMatch(/^Arrears ageing\r\n/);
    expect(csv).toContain('Days past due');
  }, 300_000);

  it('the reports are axe clean in both themes and fit a 390 px phone (the tables scroll in their own box)', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
