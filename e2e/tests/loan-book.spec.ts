import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LoanBook, LoanSummary } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser, storeSession, DEMO } from '../support/auth.ts';
import { CLEAN_SCREEN, judgeScreen } from '../support/screens.ts';

/**
 * A demo loan that is non-performing (the demo seeds one in every class), with its book: one with
 * interest in suspense if there is one. Journeys sharing this demo server run end of day, whose
 * auto-debit may collect a loan's suspense, and write loans off: any non-performing loan shows the tab.
 */
async function nonPerforming(page: Page): Promise<LoanBook> {
  const loans = await apiAsUser<LoanSummary[]>(page, '/api/loans?pageSize=100&sort=disbursed&order=asc');
  let fallback: LoanBook | undefined;
  for (const l of loans) {
    const book = await apiAsUser<LoanBook>(page, `/api/loans/${l.id}/book`);
    if (book.performing) continue;
    if (book.interestInSuspense !== '0.00') return book;
    fallback ??= book;
  }
  if (fallback) return fallback;
  throw new Error('no non-performing demo loan');
}

/** Opens the loan 360 on its Book tab and waits for the figures. */
async function openBook(page: Page, id: number) {
  await page.goto(`/accounts/loan/manager?id=${id}`);
  await page.getByRole('tab', { name: 'Book' }).click();
  await page.getByText('Of it, interest in suspense').waitFor();
}

describe('Loan 360: the book tab (interest in suspense, penalties)', () => {
  const browser = useBrowser();

  it('shows a non-performing demo loan’s interest and penalties in suspense, and its penalties', async () => {
    const page = await browser.newPage();
    await storeSession(page, DEMO);
    const book = await nonPerforming(page);
    await openBook(page, book.loanId);
    const fact = (label: string) =>
      page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();
    expect(await fact('Class')).toBe(`${book.loanClassLabel} (non-performing)`);
    expect(await fact('Of it, interest in suspense')).toContain(
      Number(book.interestInSuspense).toLocaleString('en', { minimumFractionDigits: 2 }),
    );
    if (book.penalties.length > 0) {
      const rows = page.getByRole('table', { name: /penalties charged/i }).getByRole('row');
      expect(await rows.count()).toBe(book.penalties.length + 1);
    }
  }, 120_000);

  it('has no serious or critical axe violation in either theme, and fits 390 px', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    const book = await nonPerforming(page);
    await openBook(page, book.loanId);
    expect(await judgeScreen(page)).toEqual(CLEAN_SCREEN);
  }, 180_000);
});
