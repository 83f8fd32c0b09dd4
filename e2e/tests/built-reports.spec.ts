import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILT_REPORTS_TEXT as T } from '@bankmanager/contracts/built-reports';
import { useBrowser } from '../support/browser.ts';
import { downloadAfter } from '../support/downloads.ts';
import { runEndOfDayByApi } from '../support/business-day.ts';
import { signInAsDemo, signInAs, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport } from '../support/screens.ts';
import { activatedStaff, asSecondSuperuser, grantRole } from '../support/staff.ts';
import { SUPERVISOR, TELLER, closeAnyTill } from '../support/teller.ts';

const SCREENS: [name: string, url: string, ready: (p: Page) => Promise<void>][] = [
  ['built reports', '/reports/built-reports', (p) => p.getByRole('button', { name: 'Run report' }).waitFor()],
  ['report schedules', '/reports/admin', (p) => p.getByRole('button', { name: 'Schedule' }).waitFor()],
];

/** End of day: the demo user asks, the second superuser approves (a till another journey left open is closed first). */
async function runEndOfDay(admin: Page, teller: Page, headTeller: Page) {
  await closeAnyTill(teller, headTeller);
  await asSecondSuperuser(admin, (checker) => runEndOfDayByApi(admin, checker));
}

describe('built reports', () => {
  const browser = useBrowser();

  it('a report scheduled for a role lands in its holder’s inbox after end of day, with a badge, and downloads', async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const viewer = await browser.newPage();
    const staff = await activatedStaff(admin, viewer, 'br-inbox');
    await asSecondSuperuser(admin, (checker) =>
      grantRole(admin, checker, { id: staff.id, page: viewer }, ['operations'], null),
    );

    // Report Administration: the trial balance, daily, as XLSX, for Operations Officers.
    await admin.goto('/reports/admin');
    await admin.getByRole('heading', { name: T.schedulesTitle }).waitFor();
    await admin.getByLabel('Report', { exact: true }).selectOption('trial_balance');
    await admin.getByLabel('Output', { exact: true }).selectOption('xlsx');
    await admin.getByLabel('When', { exact: true }).selectOption('daily');
    await admin.getByLabel('For the role', { exact: true }).selectOption({ label: 'Operations Officer' });
    await admin.getByRole('button', { name: 'Schedule' }).click();
    await admin
      .getByRole('table', { name: 'Report schedules' })
      .getByRole('cell', { name: 'Operations Officer' })
      .waitFor();

    // The viewer's inbox is empty before end of day.
    await viewer.goto('/reports/built-reports');
    await viewer.getByRole('tab', { name: /Inbox/ }).click();
    await viewer.getByText(T.inboxEmpty).waitFor();

    const teller = await browser.newPage();
    const headTeller = await browser.newPage();
    await signInAs(teller, TELLER);
    await signInAs(headTeller, SUPERVISOR);
    await runEndOfDay(admin, teller, headTeller);

    // The worker runs it; the inbox shows it live, with the unread badge, without a reload.
    const inbox = viewer.getByRole('table', { name: 'Report inbox' });
    await inbox.getByRole('cell', { name: /Trial balance/ }).waitFor({ timeout: 60_000 });
    await viewer.getByRole('tab', { name: /Inbox/ }).getByText('1').waitFor();
    const download = await downloadAfter(viewer, () =>
      inbox.getByRole('button', { name: 'Download XLSX' }).click(),
    );
    expect(download.suggestedFilename()).toMatch(/^trial_balance-\d+\.xlsx$/);
    await expect.poll(() => viewer.getByRole('tab', { name: /Inbox/ }).textContent()).toBe('Inbox');
  }, 400_000);

  it('its screens are axe clean in both themes and fit a 390 px phone', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
