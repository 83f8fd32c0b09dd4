import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE_MESSAGES } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { newStaff, signIn, signInAsDemo, signUp } from '../support/auth.ts';

const SCREEN = '/solutions/mobile-admin/users';
const table = (page: Page) => page.getByRole('table', { name: 'Registered mobile banking users' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
// Counts carry thousands separators (the one format policy): 'Showing 1 to 10 of 1,738 results'.
const showing = (page: Page) => page.getByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+ results$/);

async function openScreen(page: Page) {
  await signInAsDemo(page, SCREEN);
  await page.getByRole('heading', { name: 'Registered Mobile Banking Users' }).waitFor();
  await bodyRows(page).first().waitFor();
}

describe('Registered Mobile Banking Users', () => {
  const browser = useBrowser();

  it('searches with a 300 ms debounce, shows the no-results state and clears the search', async () => {
    const page = await browser.newPage();
    await openScreen(page);
    expect(await bodyRows(page).count()).toBe(10);
    const queries: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/registered-users' && u.searchParams.has('q'))
        queries.push(u.searchParams.get('q')!);
    });
    const answered = page.waitForResponse((r) => r.url().includes('q=Kamara'));
    // Six key presses, one after another as fast as the browser takes them: a stall of the shared
    // machine between keys longer than the debounce would otherwise send a search that no person typed.
    await page.getByPlaceholder('Search by ID, name or mobile...').pressSequentially('Kamara');
    await answered;
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('tbody tr td:nth-child(2)')];
      return names.length > 0 && names.every((td) => td.textContent?.includes('Kamara'));
    });
    expect(new Set(queries)).toEqual(new Set(['Kamara'])); // no request for "K", "Ka", …

    await page.getByPlaceholder('Search by ID, name or mobile...').fill('zzqqxx');
    await page.getByText('No results found for "zzqqxx"').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await bodyRows(page).first().waitFor();
    expect(await page.getByPlaceholder('Search by ID, name or mobile...').inputValue()).toBe('');
  });

  it('sorts by balance and pages to the last page', async () => {
    const page = await browser.newPage();
    await openScreen(page);
    const balances = async () =>
      (await table(page).locator('tbody tr td:nth-child(5)').allTextContents()).map((t) =>
        Number(t.replace(/,/g, '')),
      );
    await table(page).getByRole('button', { name: 'Balance' }).click();
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="ascending"]')?.textContent?.includes('Balance'),
    );
    // The header turns at once; the previous page stays on screen until the sorted one arrives.
    await page.waitForFunction(() => {
      const v = [...document.querySelectorAll('tbody tr td:nth-child(5)')].map((td) =>
        Number(td.textContent.replace(/,/g, '')),
      );
      return v.length > 0 && v.every((x, i) => i === 0 || v[i - 1]! <= x);
    });
    let b = await balances();
    expect(b).toEqual([...b].sort((x, y) => x - y));
    await table(page).getByRole('button', { name: 'Balance' }).click();
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="descending"]')?.textContent?.includes('Balance'),
    );
    await page.waitForFunction(() => {
      const v = [...document.querySelectorAll('tbody tr td:nth-child(5)')].map((td) =>
        Number(td.textContent.replace(/,/g, '')),
      );
      return v.every((x, i) => i === 0 || v[i - 1]! >= x);
    });
    b = await balances();
    expect(b[0]).toBeGreaterThanOrEqual(b[9]!);

    const total = (await showing(page).textContent())!.match(/of ([\d,]+) results/)![1]!;
    await page.getByRole('button', { name: 'Last page' }).click();
    await page.getByText(new RegExp(`^Showing [\\d,]+ to ${total} of ${total} results$`)).waitFor();
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  });

  it('edits a subscription: each phone rule message, then a valid save that survives a reload', async () => {
    const page = await browser.newPage();
    await openScreen(page);
    // A customer with an active account to pay from (the seed has blocked and closed accounts too).
    const activeAccounts = () =>
      page
        .getByLabel('Payment Account')
        .evaluate((el) =>
          [...(el as HTMLSelectElement).options].filter((o) => o.value && !o.disabled).map((o) => o.value),
        );
    let custId = '';
    let active: string[] = [];
    for (let i = 0; i < 10 && active.length === 0; i++) {
      const row = bodyRows(page).nth(i);
      custId = (await row.locator('td').first().textContent())!;
      await row.locator('td').first().click(); // the row, not its wallet-account link
      await page.getByRole('button', { name: 'Edit Subscription' }).click();
      await page.getByRole('heading', { name: 'Edit Mobile Banking Subscription' }).waitFor();
      await page.getByLabel('Payment Account').waitFor();
      active = await activeAccounts();
      if (active.length === 0) await page.getByRole('button', { name: 'Cancel' }).click();
    }
    expect(active.length).toBeGreaterThan(0);
    // The form opens with the cursor in its first editable field; read-only fields look it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('sub-mobile');
    const background = (id: string) =>
      page.locator(`#${id}`).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background('sub-cust-id')).not.toBe(await background('sub-mobile'));
    const mobile = page.getByLabel('Mobile Number');
    expect(await mobile.getAttribute('placeholder')).toMatch(/^Enter mobile number \(e\.g\., \+\d+\)$/);
    await page
      .getByText('Must include country code with + sign (e.g., +232 for Sierra Leone, +1 for US)')
      .waitFor();

    for (const [value, message] of [
      ['23276123456', PHONE_MESSAGES.plus],
      ['+2327612345', PHONE_MESSAGES.sierraLeone],
      ['+1555123456', PHONE_MESSAGES.us],
      ['+44123', PHONE_MESSAGES.length],
      ['+2327612345a', PHONE_MESSAGES.digits],
    ] as const) {
      await mobile.fill(value);
      await page.getByRole('button', { name: 'Save Subscription' }).click();
      await page.getByText('Invalid Phone Number').last().waitFor();
      await page.getByText(message).last().waitFor();
    }

    const newMobile = `+232 79 ${String(Date.now()).slice(-6, -3)} ${String(Date.now()).slice(-3)}`;
    // Stored as E.164, shown in the one display form, which is how it was typed here.
    await mobile.fill(newMobile);
    await page.getByLabel('Payment Account').selectOption(active[0]!);
    await page.getByRole('button', { name: 'Save Subscription' }).click();
    await page.getByText('Subscription Updated').waitFor();
    await page.getByText(/^Subscription for .+ was successfully updated\.$/).waitFor();
    await table(page).getByText(newMobile).waitFor();
    // …and after Save the cursor is back on the updated row (B.4).
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.custId))
      .toBe(String(Number(custId)));

    await page.reload();
    await page.getByPlaceholder('Search by ID, name or mobile...').fill(custId);
    await table(page).getByText(newMobile).waitFor();
  });

  it('add mode: an empty id, an unknown id, then a found customer', async () => {
    const page = await browser.newPage();
    await openScreen(page);
    const custId = (await bodyRows(page).first().locator('td').first().textContent())!;
    const name = (await bodyRows(page).first().locator('td').nth(1).textContent())!;
    await page.getByRole('button', { name: 'Add Subscription' }).click();
    await page.getByRole('heading', { name: 'Add Mobile Banking Subscription' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('customer-search');
    const search = page.getByPlaceholder('Enter customer ID');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Please enter a customer ID').waitFor();
    await search.fill('999999');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Customer 999999 was not found.').waitFor();
    await search.fill(String(Number(custId)));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('Name').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe(name);
    expect(await page.locator('#sub-cust-id').inputValue()).toBe(custId);
    expect(await page.locator('#sub-cust-id').getAttribute('readonly')).not.toBeNull();
  });

  it('shows "No registered users found." when there are none', async () => {
    const page = await browser.newPage({ server: 'clean' });
    const staff = newStaff('first');
    await signUp(page, staff);
    await signIn(page, staff.email, staff.password);
    await page.waitForURL('**/dashboard');
    await page.goto(SCREEN);
    await page.getByText('No registered users found.').waitFor();
  });
});
