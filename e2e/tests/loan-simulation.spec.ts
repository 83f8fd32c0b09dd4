import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo } from '../support/auth.ts';
import { CLEAN_SCREEN, judgeScreen } from '../support/screens.ts';

const SCHEDULE = 'Repayment schedule, amounts in Leones';

/** The acceptance's Salary Loan: Le 20,000 at 24% a year over 12 monthly instalments. */
async function enterSalaryLoan(page: Page) {
  await page.getByLabel('Amount (Le)').fill('20000');
  await page.getByLabel('Interest rate (% a year)').fill('24');
  await page.getByLabel('Term (number of instalments)').fill('12');
  await page.getByRole('table', { name: SCHEDULE }).waitFor();
}

describe('Loan Simulation', () => {
  const browser = useBrowser();

  it('opened from Account → Loan, works out the Salary Loan’s instalment of 1,891.19, and prints clean', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page);
    const menubar = page.getByRole('menubar', { name: 'Main menu' });
    await menubar.getByRole('menuitem', { name: 'Account' }).hover();
    const panel = page.getByRole('menu', { name: 'Account' });
    await panel.getByRole('menuitem', { name: 'Loan', exact: true }).hover();
    await panel.getByRole('menuitem', { name: /^Loan Simulation/ }).click();
    await page.waitForURL('**/accounts/loan/simulation');

    await enterSalaryLoan(page);
    expect(await page.getByTestId('loan-summary').textContent()).toContain('Le 1,891.19');
    const rows = page.getByRole('table', { name: SCHEDULE }).getByRole('row');
    expect(await rows.count()).toBe(14);
    expect(await rows.nth(1).textContent()).toContain('1,891.19');
    // the demo superuser may read the bank's calendar
    await page.getByText('move to the next business day').waitFor();

    // Another method follows at once.
    await page.getByLabel('Interest method').selectOption('equal_principal');
    await page.getByTestId('loan-summary').getByText('Le 2,066.66').waitFor();

    await page.evaluate(() => {
      (window as unknown as { printed: boolean }).printed = false;
      window.print = () => ((window as unknown as { printed: boolean }).printed = true);
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('form', { name: 'Loan terms' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('table', { name: SCHEDULE }).isVisible()).toBe(true);
    expect(await page.getByText('An illustration, not an offer').isVisible()).toBe(true);
  }, 120_000);

  it('has no serious or critical axe violation in either theme, and fits a 390 px phone: the schedule scrolls inside its own box', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signInAsDemo(page, '/accounts/loan/simulation');
    await enterSalaryLoan(page);
    expect(await judgeScreen(page)).toEqual(CLEAN_SCREEN);
  }, 180_000);
});
