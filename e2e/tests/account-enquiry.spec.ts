import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { makeAccountNumber } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { downloadedBytes, downloadedText, downloadAfter } from '../support/downloads.ts';
import { apiAsUser, storeSession, DEMO } from '../support/auth.ts';

async function openEnquiry(page: Page): Promise<string> {
  await storeSession(page, DEMO);
  // A real account from the demo data: the wallet of a subscribed customer with money on it.
  const [user] = await apiAsUser<{ pay_acct: string }[]>(
    page,
    '/api/registered-users?page=1&pageSize=1&sort=balance&order=desc',
  );
  await page.goto('/enquiries/account');
  await page.getByRole('heading', { name: 'Account Enquiry' }).waitFor();
  return user!.pay_acct;
}

async function search(page: Page, number: string) {
  await page.getByLabel('Account Number').fill(number);
  await page.getByLabel('Account Number').press('Enter'); // Enter submits
}

describe('Account Enquiry', () => {
  const browser = useBrowser();

  it('validates an empty number, reports an unknown one, and shows a found account in both tabs', async () => {
    const page = await browser.newPage();
    const number = await openEnquiry(page);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Please enter an account number').waitFor();

    await search(page, number);
    await page.getByText('Account Found').waitFor();
    await page.getByText(`Account details for ${number} retrieved successfully.`).waitFor();
    await page.getByRole('tab', { name: 'Account Details' }).waitFor();
    const details = page.getByRole('tabpanel');
    await details.getByText(number).waitFor();
    const balance = await details.locator('dt:text("Current Balance") + dd').textContent();
    expect(balance).toMatch(/^(Le [\d,]+\.\d{2}|\$[\d,]+\.\d{2})$/);
    const opened = await details.locator('dt:text("Date Opened") + dd').textContent();
    expect(opened).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const badge = details.locator('dt:text("Status") + dd span');
    const status = await badge.textContent();
    const color = await badge.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g] = color.match(/\d+/g)!.map(Number);
    expect(status === 'Active' ? g! > r! : r! > g!).toBe(true); // green for Active, red otherwise

    await page.getByRole('tab', { name: 'Transaction History' }).click();
    const rows = page.getByRole('table', { name: 'Transaction history' }).locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    for (const cell of await rows.locator('td:nth-child(3)').all()) {
      const text = (await cell.textContent())!;
      const cls = (await cell.getAttribute('class'))!;
      expect(text).toMatch(/^[+-][\d,]+\.\d{2}$/);
      expect(cls).toContain(text.startsWith('+') ? 'green' : 'red');
    }
    await page.getByRole('button', { name: 'View More' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('table[aria-label="Transaction history"] tbody tr').length > 10,
    );
    // The second page holds up to ten more: as many as the account has (end of day on a month end
    // adds an interest line, so the count is the account's own, not a fixed figure).
    const firstTwenty = await apiAsUser<{ items: unknown[] }>(
      page,
      `/api/accounts/${encodeURIComponent(number)}/transactions?limit=20`,
    );
    expect(firstTwenty.items.length).toBeGreaterThan(10);
    expect(await rows.count()).toBe(firstTwenty.items.length);

    // Well formed, valid check digits (ADR 0019), and no such account: the lookup runs and finds none.
    const missing = makeAccountNumber('999', 1);
    await search(page, missing);
    // The notice (a toast) and the same message on the field, where it is corrected.
    await page.getByText(`No account found with number ${missing}.`).first().waitFor();
    expect(await page.getByLabel('Account Number').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Account Details' }).count()).toBe(0); // no stale data
  });

  it('exports the shown transactions as CSV and downloads a PDF statement', async () => {
    const page = await browser.newPage();
    const number = await openEnquiry(page);
    await search(page, number);
    await page.getByText('Account Found').waitFor();

    await page.getByRole('tab', { name: 'Transaction History' }).click();
    await page.getByRole('table', { name: 'Transaction history' }).waitFor();
    const csvDownload = await downloadAfter(page, () =>
      page.getByRole('button', { name: 'Export Transactions' }).click(),
    );
    const csv = await downloadedText(csvDownload);
    expect(csv).toContain(`Account number,${number}`);
    expect(csv).toContain('Date,Value date,Description,Reference,Debit,Credit,Balance');
    expect(csv.split('\r\n').filter((l) => /^\d{4}-\d{2}-\d{2} /.test(l)).length).toBeGreaterThanOrEqual(10);

    await page.getByRole('tab', { name: 'Account Details' }).click();
    await page.getByRole('button', { name: 'Download Statement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Statement' });
    await dialog.waitFor();
    const from = await dialog.getByLabel('From').inputValue();
    const to = await dialog.getByLabel('To').inputValue();
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(30); // default: the last 30 days
    await dialog.getByLabel('From').fill('2020-01-01');
    const pdfDownload = await downloadAfter(page, () =>
      dialog.getByRole('button', { name: 'Download PDF' }).click(),
    );
    const text = (await new PDFParse({ data: await downloadedBytes(pdfDownload) }).getText()).text;
    expect(text).toContain('Account statement');
    expect(text).toContain(number);
    expect(text).toMatch(/Opening balance: (Le |\$)/);
    expect(text).toMatch(/Closing balance: (Le |\$)/);
  });

  it('prints a clean sheet of the details: no menu, no buttons', async () => {
    const page = await browser.newPage();
    const number = await openEnquiry(page);
    await search(page, number);
    await page.getByText('Account Found').waitFor();
    await page.evaluate(() => {
      (window as unknown as { printed: boolean }).printed = false;
      window.print = () => ((window as unknown as { printed: boolean }).printed = true);
    });
    await page.getByRole('button', { name: 'Print Details' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);

    await page.emulateMedia({ media: 'print' });
    expect(
      (await page.getByRole('menubar').count()) === 0 ||
        !(await page.getByRole('menubar').first().isVisible()),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print Details' }).isVisible()).toBe(false);
    expect(await page.getByText('Account Found').isVisible()).toBe(false);
    expect(await page.getByRole('tabpanel').getByText(number).isVisible()).toBe(true);
    const shot = path.join(os.tmpdir(), `bm-print-${process.pid}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    expect(fs.statSync(shot).size).toBeGreaterThan(1000);
    fs.rmSync(shot);
  });
});
