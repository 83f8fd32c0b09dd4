import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { downloadAfter, downloadedText } from '../support/downloads.ts';
import { signInAsDemo, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport } from '../support/screens.ts';
import { activatedStaff, asSecondSuperuser, grantRole } from '../support/staff.ts';

const RETURNS = '/reports/vbng-csss';
const agreed = (p: Page) =>
  p.getByText(/Every return agrees with the trial balance/).waitFor({ timeout: 60_000 });

const SCREENS: [name: string, url: string, ready: (p: Page) => Promise<void>][] = [
  ['returns', RETURNS, agreed],
];

describe('BSL monthly returns', () => {
  const browser = useBrowser();

  it('the demo month reconciles; it is sent for sign-off, a Compliance Officer approves, the filed CSV downloads', async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const checkerPage = await browser.newPage();
    const checker = await activatedStaff(admin, checkerPage, 'compliance');
    await asSecondSuperuser(admin, (second) =>
      grantRole(admin, second, { id: checker.id, page: checkerPage }, ['compliance'], null),
    );

    await admin.goto(RETURNS);
    await admin.getByRole('heading', { name: 'BSL monthly returns' }).waitFor();
    await agreed(admin);
    await admin.getByRole('table', { name: /^Statement of financial position at / }).waitFor();
    await admin.getByRole('button', { name: 'Submit for sign-off' }).click();
    await admin.getByText(/Sent for sign-off/).waitFor();

    await checkerPage.goto('/transactions/control/approve');
    const row = checkerPage.getByRole('row').filter({ hasText: 'BSL monthly returns sign-off' }).first();
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });

    await admin.reload();
    const csvButton = admin.getByRole('button', { name: /^Download version \d+ as CSV$/ }).first();
    await csvButton.waitFor();
    const download = await downloadAfter(admin, () => csvButton.click());
    expect(download.suggestedFilename()).toMatch(/^bsl-returns-\d{4}-\d{2}-\d{2}-v\d+\.csv$/);
    const csv = await downloadedText(download);
    expect(csv).toContain(`signed off by ${checker.email}`);
    expect(csv).toMatch(/sofp,bsl,Balances with Bank of Sierra Leone,amount,/);
  }, 300_000);

  it('the returns screen is axe clean in both themes and fits a 390 px phone (the tables scroll in their own box)', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
