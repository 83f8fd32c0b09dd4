import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { headOfficeAccount, tellerAtFreshTill } from '../support/teller.ts';

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.id || el?.textContent?.trim() || el?.tagName || '';
  });

/**
 * The deposit flow without a mouse, as tellers work at the counter. Shortcuts on screen, Enter moves on, Esc
 * cancels, and the focus is on the next input after each step.
 */
describe('teller by keyboard', () => {
  const browser = useBrowser();

  it('takes a deposit with the keyboard only', async () => {
    const { teller } = await tellerAtFreshTill(browser);
    const account = await headOfficeAccount(teller);
    await teller.goto('/transactions/teller/home');
    const shortcuts = teller.getByLabel('Keyboard shortcuts');
    await shortcuts.getByText('cash deposit').waitFor();
    // The counter's first action has the focus.
    await expect.poll(() => focused(teller)).toBe('Cash deposit (D)');

    // W opens a withdrawal; Esc cancels it and the focus comes back to the counter.
    await teller.keyboard.press('w');
    await expect.poll(() => focused(teller)).toBe('counter-account-number');
    await teller.keyboard.press('Escape');
    await expect.poll(() => focused(teller)).toBe('Cash deposit (D)');

    // D: the account number has the focus; Enter finds it (check digits first).
    await teller.keyboard.press('d');
    await expect.poll(() => focused(teller)).toBe('counter-account-number');
    await teller.keyboard.type(account);
    await teller.keyboard.press('Enter');
    await teller.getByRole('region', { name: 'Account at the counter' }).waitFor();
    // The amount is next: figures grouped as typed, and in words.
    await expect.poll(() => focused(teller)).toBe('cash-amount');
    await teller.keyboard.type('12345.5');
    expect(await teller.locator('#cash-amount').inputValue()).toBe('12,345.5');
    await teller.getByText('Twelve thousand three hundred and forty-five Leones and fifty cents').waitFor();
    await teller.keyboard.press('Enter');
    await expect.poll(() => focused(teller)).toBe('cash-party-name');
    await teller.keyboard.type('Foday Koroma');
    await teller.keyboard.press('Enter');
    await expect.poll(() => focused(teller)).toBe('cash-party-id');
    await teller.keyboard.type('SL-ID-88');
    await teller.keyboard.press('Enter');
    await expect.poll(() => focused(teller)).toBe('cash-narration');
    await teller.keyboard.type('Market takings');
    await teller.keyboard.press('Enter');

    // Posted: the receipt is on screen and its print button has the focus.
    await teller.getByText('Deposit posted.').waitFor();
    await teller.getByRole('region', { name: 'Cash deposit receipt' }).getByText('Le 12,345.50').waitFor();
    await expect.poll(() => focused(teller)).toBe('Print receipt (P)');
    // Esc goes back to the counter, ready for the next customer.
    await teller.keyboard.press('Escape');
    await expect.poll(() => focused(teller)).toBe('Cash deposit (D)');
    await teller.getByRole('region', { name: 'Till journal' }).getByText('Le 12,345.50').waitFor();
  }, 120_000);
});
