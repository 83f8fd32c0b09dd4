import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { DEMO, signInAsDemo, signInAs, storeSession } from '../support/auth.ts';
import { cleanScreens, screensReport, type Screen } from '../support/screens.ts';
import { activatedStaff, call, grantSuperuser } from '../support/staff.ts';
import { SUPERVISOR, TELLER, closeAnyTill, ensureTill } from '../support/teller.ts';

const heading = (name: string) => (p: Page) => p.getByRole('heading', { name, level: 1 }).waitFor();
const SCREENS: Screen[] = [
  ['period end', '/system/batch/period-end', (p) => p.getByRole('list', { name: 'Pre-checks' }).waitFor()],
  ['processes', '/system/batch/processes', heading('Batch Processes')],
  [
    'reports',
    '/system/batch/interest',
    (p) => p.getByRole('table', { name: 'Daily end-of-day report' }).waitFor(),
  ],
  [
    'special dates',
    '/system/messages/special-dates',
    (p) => p.getByRole('table', { name: /^Holidays of / }).waitFor(),
  ],
  [
    'accounting periods',
    '/system/messages/accounting-periods',
    (p) => p.getByRole('table', { name: /^Accounting periods of / }).waitFor(),
  ],
];

const headerDate = (page: Page) => page.getByTestId('business-date').locator('time').getAttribute('datetime');

describe('end of day', () => {
  const browser = useBrowser();

  it('runs from the screen: pre-checks, a supervisor approves, progress shows live, the header’s business date moves', async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const supervisorPage = await browser.newPage();
    const supervisor = await activatedStaff(admin, supervisorPage, 'eod-supervisor');
    await grantSuperuser(admin, supervisor.id);
    await supervisorPage.reload();

    // The demo's teller opens a till at the counter: the pre-check names it and the run cannot start.
    const teller = await browser.newPage();
    const headTeller = await browser.newPage();
    await signInAs(teller, TELLER);
    await signInAs(headTeller, SUPERVISOR);
    await ensureTill(teller);

    await admin.goto('/system/batch/period-end');
    await admin.getByRole('heading', { name: 'End of Day' }).waitFor();
    const before = await headerDate(admin);
    const tills = admin.locator('[data-check="tills_closed"]');
    await tills.getByText(/till sessions? (is|are) still open/).waitFor();
    expect(await tills.textContent()).toContain(TELLER.email);
    expect(await admin.getByRole('button', { name: 'Ask to run end of day' }).isDisabled()).toBe(true);

    // The teller counts and closes the till; "Check again" shows the check passing.
    await closeAnyTill(teller, headTeller);
    await admin.getByRole('button', { name: 'Check again' }).click();
    await tills.getByText('Every till is closed').waitFor();
    // Requests other journeys left pending are carried over explicitly; a suspense balance acknowledged.
    const carry = admin.getByRole('checkbox', { name: /Carry the \d+ pending request/ });
    if (await carry.count()) await carry.check();
    const suspense = admin.getByRole('checkbox', { name: /seen the suspense balance/ });
    if (await suspense.count()) await suspense.check();
    await admin.getByRole('button', { name: 'Ask to run end of day' }).click();
    await admin.getByText('Sent for approval').waitFor();

    // The maker watches the run, still waiting for its approval.
    await admin.getByRole('link', { name: 'Watch the run' }).click();
    await admin.getByRole('heading', { name: 'Batch Processes' }).waitFor();
    const runHeading = admin.getByRole('heading', { level: 2, name: /^Run \d+:/ });
    await runHeading.waitFor();
    await admin.getByText('Awaiting approval').first().waitFor();
    await admin.getByText('Live', { exact: true }).waitFor();

    // The supervisor approves it in the inbox; the maker's screen moves without a reload.
    await supervisorPage.goto('/transactions/control/approve');
    const row = supervisorPage
      .getByRole('row')
      .filter({ hasText: DEMO.email })
      .filter({ hasText: 'End-of-day run' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });

    const steps = admin.getByRole('table', { name: /^Steps of run / });
    await steps
      .getByRole('row')
      .filter({ hasText: 'Credit interest accrual' })
      .getByText('Done')
      .waitFor({ timeout: 60_000 });
    await admin.getByText('Completed').first().waitFor({ timeout: 60_000 });
    // "Completed" may be an earlier run's (other journeys run end of day on this server too): this
    // run's last step is what says it is done.
    const advance = steps.getByRole('row').filter({ hasText: 'Advance the business date' });
    await expect.poll(async () => (await advance.textContent()) ?? '', { timeout: 60_000 }).toContain('→');
    // The header shows the next business date, without a reload.
    await admin.waitForFunction(
      (old) => document.querySelector('[data-testid="business-date"] time')?.getAttribute('datetime') !== old,
      before,
    );
    const after = await headerDate(admin);
    expect(after! > before!).toBe(true);
    const run = await call(admin, 'GET', '/api/eod/runs?page=1&pageSize=1');
    expect((run.body as unknown as { nextBusinessDate: string }[])[0]!.nextBusinessDate).toBe(after);
  }, 180_000);

  it('its screens have no serious or critical axe violation in either theme and fit a 390 px phone (wide tables scroll inside their box)', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
