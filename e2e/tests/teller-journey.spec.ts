import { describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { downloadedBytes, downloadAfter } from '../support/downloads.ts';
import { apiAsUser, signInAsDemo, signInAs } from '../support/auth.ts';
import {
  askLargeWithdrawal,
  backToHome,
  closeWithBlindCount,
  depositCash,
  openTillOnScreen,
  payApprovedWithdrawal,
} from '../support/counter.ts';
import { SUPERVISOR, TELLER, closeAnyTill, headOfficeAccount } from '../support/teller.ts';

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

    // Open the till with Le 50,000 counted in Le 20 notes, at a counter picked from Head Office's register.
    await openTillOnScreen(teller, 50_000, 'TILL-2');
    await teller.getByRole('region', { name: 'Your till' }).getByText('Till TILL-2').waitFor();

    // A deposit of Le 30,000.
    await depositCash(teller, account, '30000', 'Thirty thousand Leones');
    const download = await downloadAfter(teller, () =>
      teller.getByRole('button', { name: 'Receipt PDF' }).click(),
    );
    const receipt = (await new PDFParse({ data: await downloadedBytes(download) }).getText()).text;
    expect(receipt).toContain('Thirty thousand Leones');
    expect(receipt).toContain('Le 30,000.00');
    expect(receipt).toContain('Aminata Sesay');
    await backToHome(teller);

    // A withdrawal of Le 25,000: over the teller's Le 20,000 limit, it waits for a supervisor.
    await askLargeWithdrawal(teller, account, '25000');
    await approveInInbox(supervisor, 'Cash withdrawal over the teller’s limit');
    await payApprovedWithdrawal(teller, 'Le 25,000.00');

    // Close with a blind count of Le 54,990: the till should hold Le 55,000.
    await closeWithBlindCount(teller, '54990', { 'Le 20': '2749', 'Le 10': '1' });
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
