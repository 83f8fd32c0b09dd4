import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser, signInAsDemo } from '../support/auth.ts';
import { SUPERVISOR, TELLER, closeAnyTill, headOfficeAccount, signInAs } from '../support/teller.ts';

interface TrialBalance {
  rows: { code: string; currency: string; debit: string; credit: string }[];
  totals: { currency: string; difference: string }[];
  balanced: boolean;
}

/** The cash shortage account's debit balance in Leones, from the trial balance. */
async function shortageGl(admin: Page): Promise<number> {
  // At the end of the current business date (the default): end of day may have moved it past the
  // calendar's, and the shortage posts on it.
  const tb = await apiAsUser<TrialBalance>(admin, '/api/gl/trial-balance');
  const row = tb.rows.find((r) => r.code === '5020' && r.currency === 'SLE');
  return row ? Number(row.debit) - Number(row.credit) : 0;
}

/** Approves the first pending request of this kind in the supervisor's inbox. */
async function approveInInbox(supervisor: Page, label: string): Promise<void> {
  await supervisor.goto('/transactions/control/approve');
  const row = supervisor.getByRole('row').filter({ hasText: label }).first();
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => row.count()).toBe(0);
}

/**
 * The teller's whole day (docs/teller.md): a Teller opens a till, takes a deposit, asks for a large
 * withdrawal that goes to approval, a Supervisor approves it and the Teller pays, the Teller closes
 * with a Le 10 shortage, the shortage posts to 5020 once signed off, the trial balance nets to zero,
 * and the receipt PDF carries the amount in words.
 */
describe('teller journey', () => {
  const browser = useBrowser();

  it('runs a till from opening to a signed-off Le 10 shortage', async () => {
    const teller = await browser.newPage();
    const supervisor = await browser.newPage();
    const admin = await browser.newPage();
    await signInAs(teller, TELLER);
    await signInAs(supervisor, SUPERVISOR);
    await signInAsDemo(admin);
    await closeAnyTill(teller, supervisor);
    const account = await headOfficeAccount(teller);
    const shortageBefore = await shortageGl(admin);

    // Open the till with Le 50,000 counted in Le 20 notes.
    await teller.goto('/transactions/teller/home');
    const open = teller.getByRole('form', { name: 'Open your till' });
    // Head Office's register (demo data): the teller picks a counter from the list.
    await open.getByLabel('Till').selectOption('TILL-2');
    await open.getByLabel('Allocation', { exact: true }).fill('50000');
    await open.getByLabel('Le 20', { exact: true }).fill('2500');
    await expect.poll(() => open.getByText('add up to Le 50,000.00').count()).toBe(1);
    await open.getByRole('button', { name: /Open till with/ }).click();
    await teller.getByRole('region', { name: 'Your till' }).getByText('Till TILL-2').waitFor();

    // A deposit of Le 30,000.
    await teller.getByRole('button', { name: 'Cash deposit (D)' }).click();
    await teller.getByLabel('Account number', { exact: true }).fill(account);
    await teller.getByRole('button', { name: 'Find' }).click();
    await teller.getByRole('region', { name: 'Account at the counter' }).waitFor();
    await teller.getByLabel('Amount', { exact: true }).fill('30000');
    await teller.getByText('Thirty thousand Leones').waitFor();
    await teller.getByLabel('Depositor’s name').fill('Aminata Sesay');
    await teller.getByLabel('ID number').fill('SL-NIN-4411');
    await teller.getByRole('button', { name: 'Take deposit' }).click();
    await teller.getByText('Deposit posted.').waitFor();
    const [download] = await Promise.all([
      teller.waitForEvent('download'),
      teller.getByRole('button', { name: 'Receipt PDF' }).click(),
    ]);
    const receipt = (await new PDFParse({ data: fs.readFileSync(await download.path()) }).getText()).text;
    expect(receipt).toContain('Thirty thousand Leones');
    expect(receipt).toContain('Le 30,000.00');
    expect(receipt).toContain('Aminata Sesay');
    await teller.getByRole('button', { name: 'Back (Esc)' }).click();

    // A withdrawal of Le 25,000: over the teller's Le 20,000 limit, it waits for a supervisor.
    await teller.getByRole('button', { name: 'Cash withdrawal (W)' }).click();
    await teller.getByLabel('Account number', { exact: true }).fill(account);
    await teller.getByRole('button', { name: 'Find' }).click();
    await teller.getByRole('region', { name: 'Account at the counter' }).waitFor();
    await teller.getByLabel('Amount', { exact: true }).fill('25000');
    await teller.getByLabel('Bearer’s name').fill('Aminata Sesay');
    await teller.getByLabel('ID number').fill('SL-NIN-4411');
    await teller.getByLabel('The bearer’s signature matches the specimen above').check();
    await teller.getByRole('button', { name: 'Pay withdrawal' }).click();
    await teller.getByText(/sent to a supervisor for approval/).waitFor();
    await teller.getByRole('button', { name: 'Back (Esc)' }).click();
    await teller.getByText('Waiting for a supervisor’s approval').waitFor();

    await approveInInbox(supervisor, 'Cash withdrawal over the teller’s limit');

    // The teller pays it once approved (the list refreshes itself).
    await teller.getByRole('button', { name: 'Pay Le 25,000.00' }).click({ timeout: 20_000 });
    await teller.getByText('Withdrawal paid.').waitFor();
    await teller.getByRole('button', { name: 'Back (Esc)' }).click();

    // Close with a blind count of Le 54,990: the till should hold Le 55,000.
    await teller.getByRole('button', { name: 'Close the till (C)' }).click();
    const count = teller.getByRole('form', { name: 'Closing count' });
    await count.getByLabel('Total counted').fill('54990');
    await count.getByLabel('Le 20', { exact: true }).fill('2749');
    await count.getByLabel('Le 10', { exact: true }).fill('1');
    await count.getByRole('button', { name: 'Send the count and close' }).click();
    // The difference as money ("-Le 10.00"), as the rest of the screen shows amounts.
    await teller.getByText(/difference \([^)]*10\.00\) waits for a supervisor/).waitFor();
    expect(await shortageGl(admin)).toBeCloseTo(shortageBefore, 2);

    await approveInInbox(supervisor, 'Till count with a shortage or overage');
    expect(await shortageGl(admin)).toBeCloseTo(shortageBefore + 10, 2);
    await teller.reload();
    await teller.getByRole('form', { name: 'Open your till' }).waitFor();

    const today = new Date().toISOString().slice(0, 10);
    const tb = await apiAsUser<TrialBalance>(admin, `/api/gl/trial-balance?date=${today}`);
    expect(tb.balanced).toBe(true);
    expect(tb.totals.map((t) => t.difference)).toEqual(tb.totals.map(() => '0.00'));
  }, 180_000);
});
