import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser, signInAsDemo } from '../support/auth.ts';
import { judgeScreen } from '../support/screens.ts';
import { approveInInbox, secondSuperuser } from '../support/payments.ts';

const BSL = 'Balances with Bank of Sierra Leone';

/** The trial balance's SLE totals and the debit shown for 1030, after the table has loaded. */
async function trialBalance(page: Page) {
  await page.goto('/accounts/ledger?tab=trial-balance');
  const total = page.getByTestId('tb-total-SLE');
  await total.waitFor();
  const cells = await total.locator('td').allTextContents();
  const row = page.getByRole('row').filter({ hasText: BSL });
  // Debit and credit columns both: the demo's vault was stocked from the central bank, so the account
  // may stand on either side.
  const bsl = (await row.count()) ? (await row.locator('td').allTextContents()).slice(4, 6).join(' | ') : '';
  return { debit: cells[4]!, credit: cells[5]!, bsl };
}

describe('General Ledger', () => {
  const browser = useBrowser();

  it('posts a manual journal, sees the trial balance move and still balance, and reverses it', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page);
    // The header carries the business date every entry posts on: the bank's, which end of day moves
    // (another journey on this server may have run it, so it need not be today's calendar date).
    const businessDate = await page.getByTestId('business-date').locator('time').getAttribute('datetime');
    expect(businessDate).toBe(
      (await apiAsUser<{ business_date: string }>(page, '/api/business-date')).business_date,
    );
    const before = await trialBalance(page);
    expect(before.debit).toBe(before.credit);
    expect(await page.getByTestId('tb-out-of-balance').count()).toBe(0);

    await page.getByRole('tab', { name: 'Journal' }).click();
    await page.getByRole('link', { name: 'New journal entry' }).click();
    await page.getByRole('heading', { name: 'New journal entry' }).waitFor();
    const post = page.getByRole('button', { name: 'Post' });
    await page.getByLabel('Narration').fill('E2E: fund the BSL account from suspense');
    await page.getByLabel('Line 1 account').selectOption('1030');
    await page.getByLabel('Line 1 amount').fill('1234.56');
    await page.getByLabel('Line 2 account').selectOption('1900');
    await page.getByLabel('Line 2 amount').fill('1234.5');
    await page.getByText('Not balanced').waitFor();
    expect(await post.isDisabled()).toBe(true);
    await page.getByLabel('Line 2 amount').fill('1234.56');
    await page.getByText('Balanced', { exact: true }).waitFor();
    await post.click();

    // Back on the journal with the new entry open.
    const dialog = page.getByRole('dialog');
    await dialog.getByText('E2E: fund the BSL account from suspense').waitFor();
    const title = (await dialog.getByRole('heading').first().textContent())!;
    const entryId = /Journal entry (\d+)/.exec(title)![1]!;
    await dialog.getByRole('button', { name: 'Close' }).click();

    const after = await trialBalance(page);
    expect(after.debit).toBe(after.credit);
    expect(after.bsl).not.toBe(before.bsl);
    expect(await page.getByTestId('tb-out-of-balance').count()).toBe(0);

    // A reversal is four-eyes (docs/payments.md): asked with a reason here, approved by a second person.
    await page.goto(`/accounts/ledger?tab=journal&entry=${entryId}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Reverse' }).click();
    await page.getByLabel('Reason for the reversal').fill('E2E: posted to the wrong account');
    await page.getByRole('button', { name: `Ask to reverse entry ${entryId}` }).click();
    await page.getByTestId('reversal-sent').waitFor();
    const checker = await browser.newPage();
    await secondSuperuser(checker);
    await approveInInbox(checker, 'Reversal of a posting');
    await page.reload();
    await page.getByTestId('reversed-by').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    const reversed = await trialBalance(page);
    expect(reversed.debit).toBe(reversed.credit);
    expect(reversed.bsl).toBe(before.bsl);
  });

  it('has no serious axe violation on its screens in either theme', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signInAsDemo(page, '/accounts/ledger');
    const report: Record<string, { light: string[]; dark: string[] }> = {};
    await page
      .getByRole('table', { name: 'Chart of accounts with balances' })
      .locator('tbody tr')
      .first()
      .waitFor();
    report.chart = await judgeScreen(page, { phone: false });
    await page.getByRole('tab', { name: 'Journal' }).click();
    await page
      .getByRole('table', { name: 'Journal entries, newest first' })
      .locator('tbody tr')
      .first()
      .waitFor();
    report.journal = await judgeScreen(page, { phone: false });
    await page.getByRole('tab', { name: 'Trial balance' }).click();
    await page.getByTestId('tb-total-SLE').waitFor();
    report.trialBalance = await judgeScreen(page, { phone: false });
    await page.getByRole('tab', { name: 'Statements' }).click();
    await page.getByRole('heading', { name: 'Balance sheet' }).waitFor();
    await page.getByText('Total Assets').first().waitFor();
    report.statements = await judgeScreen(page, { phone: false });
    await page.goto('/accounts/ledger/new-journal');
    await page.getByLabel('Line 1 account').waitFor();
    report.newJournal = await judgeScreen(page, { phone: false });
    // Built Reports is the catalogue now (the trial balance is one of its reports): its form is the screen.
    await page.goto('/reports/built-reports');
    await page.getByRole('heading', { name: 'Built Reports', level: 1 }).waitFor();
    await page.getByRole('tab', { name: /Inbox/ }).waitFor();
    report.builtReports = await judgeScreen(page, { phone: false });
    expect(report).toEqual({
      chart: { light: [], dark: [] },
      journal: { light: [], dark: [] },
      trialBalance: { light: [], dark: [] },
      statements: { light: [], dark: [] },
      newJournal: { light: [], dark: [] },
      builtReports: { light: [], dark: [] },
    });
  }, 180_000);

  it('is usable at 390 px: the tabs and the trial balance fit the screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAsDemo(page, '/accounts/ledger?tab=trial-balance');
    await page.getByTestId('tb-total-SLE').waitFor();
    // The screen's own content fits (wide tables scroll inside their frame). The shared header is
    // measured apart: it is not this screen's.
    const overflow = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const tabs = document.querySelector('[role="tablist"]')!;
      return {
        main: main.scrollWidth - window.innerWidth,
        tabs: tabs.getBoundingClientRect().right - window.innerWidth,
      };
    });
    expect(overflow.main).toBeLessThanOrEqual(0);
    expect(overflow.tabs).toBeLessThanOrEqual(0);
  });
});
