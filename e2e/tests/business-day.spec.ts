import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser } from '../support/auth.ts';
import {
  activateAccount,
  endOfDayOnScreen,
  onboardCustomer,
  openSavingsAccount,
  reverseFromEnquiry,
} from '../support/business-day.ts';
import {
  askLargeWithdrawal,
  backToHome,
  closeWithBlindCount,
  depositCash,
  openTillOnScreen,
  payApprovedWithdrawal,
} from '../support/counter.ts';
import {
  ACCOUNTANT,
  COMPLIANCE,
  CSO,
  demoPeople,
  MANAGER,
  OFFICER,
  OPERATIONS,
  OPERATIONS_2,
  HEAD_OF_CREDIT,
} from '../support/demo-people.ts';
import { approveInInbox, balance } from '../support/payments.ts';
import { closeAnyTill, SUPERVISOR, TELLER } from '../support/teller.ts';

const businessDate = async (page: Page) =>
  (await apiAsUser<{ business_date: string }>(page, '/api/business-date')).business_date;

/**
 * The operations lead's walkthrough of a whole business day, by the demo's own role users (never a
 * superuser): onboarding with KYC and its approval, an account opened on approval, a teller's day
 * with an over-limit withdrawal and a blind count, a transfer and its four-eyes reversal, end of day
 * closing a month end, and the trial balance netting to zero at that month end. On the month-end
 * server (global-setup.ts), which opens on its month's last working day: the journey takes as long on
 * the 1st of a month as on its last day.
 */
describe('a business day with the demo role users', () => {
  const browser = useBrowser();
  const people = demoPeople({ newPage: () => browser.newPage({ server: 'month-end' }) });

  it('onboard → approve → open → teller deposit and over-limit withdrawal → blind count → transfer and reversal → end of day over a month end → trial balance', async () => {
    // Onboarding: the CSO asks to activate a customer with full KYC; the Compliance Officer approves.
    const customer = await onboardCustomer(await people.staff(CSO), await people.page(COMPLIANCE), 'Mariama');
    // An account for them: the CSO asks, the Branch Manager approves, the CSO activates it.
    const account = await openSavingsAccount(await people.staff(CSO), await people.page(MANAGER), customer);
    await activateAccount(await people.page(CSO), account);

    // The teller's day at the counter, with the head teller beside them.
    const teller = await people.page(TELLER);
    const headTeller = await people.page(SUPERVISOR);
    await closeAnyTill(teller, headTeller);
    await openTillOnScreen(teller, 50_000);
    await depositCash(teller, account, '30000', 'Thirty thousand Leones');
    await backToHome(teller);
    await askLargeWithdrawal(teller, account, '25000');
    await approveInInbox(headTeller, TELLER.email, 'Cash withdrawal over the teller’s limit');
    await payApprovedWithdrawal(teller, 'Le 25,000.00');
    expect(await balance(teller, account)).toBeCloseTo(5000, 2);
    // The blind count agrees with what the till should hold (50,000 + 30,000 − 25,000): it closes at once.
    await closeWithBlindCount(teller, '55000', { 'Le 20': '2750' });
    await teller.getByText('Till closed: your count agreed, and the cash went back to the vault.').waitFor();

    // A transfer on the Transfers screen, paid in error, reversed on four eyes.
    const officer = await people.page(OFFICER);
    const rows = await apiAsUser<{ accountNumber: string; currency: string; blockKind: string | null }[]>(
      officer,
      '/api/accounts?status=Active&type=Savings&branch=001&page=1&pageSize=50',
    );
    const other = rows.find(
      (r) => r.currency === 'SLE' && r.blockKind === null && r.accountNumber !== account,
    )!.accountNumber;
    const narration = `Walkthrough paid in error ${Date.now()}`;
    await officer.goto('/transactions/transfers');
    await officer.getByLabel('From account').fill(account);
    await officer.getByLabel('To account').fill(other);
    await officer.getByLabel(/^Amount/).fill('1000');
    await officer.getByLabel('Narration').fill(narration);
    await officer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await officer.getByTestId('transfer-done').waitFor();
    expect(await balance(officer, account)).toBeCloseTo(4000, 2);
    await reverseFromEnquiry(
      { page: officer, email: OFFICER.email },
      await people.page(MANAGER),
      other,
      narration,
    );
    expect(await balance(officer, account)).toBeCloseTo(5000, 2);

    // End of day from its screen, asked by one operations officer and approved by the other: the
    // server's business date is its month's last working day, so this closes the month.
    const ops = await people.staff(OPERATIONS);
    const ops2 = await people.page(OPERATIONS_2);
    const monthEnd = await businessDate(ops.page);
    await endOfDayOnScreen(ops, ops2);
    expect(
      (await businessDate(ops.page)).slice(0, 7),
      'the next business date is in the next month',
    ).not.toBe(monthEnd.slice(0, 7));

    // The accountant's trial balance: today's on screen, and the month end's, both net to zero.
    const accountant = await people.page(ACCOUNTANT);
    await accountant.goto('/accounts/ledger?tab=trial-balance');
    const total = accountant.getByTestId('tb-total-SLE');
    await total.waitFor();
    const cells = await total.locator('td').allTextContents();
    expect(cells[4]).toBe(cells[5]);
    const tb = await apiAsUser<{ balanced: boolean; totals: { difference: string }[] }>(
      accountant,
      `/api/gl/trial-balance?date=${monthEnd}`,
    );
    expect(tb.balanced).toBe(true);
    expect(tb.totals.map((t) => t.difference)).toEqual(tb.totals.map(() => '0.00'));

    // The Head of Credit's classification return for that month end: the loan book's principal,
    // suspense and provision against the general ledger, every difference 0.00.
    const credit = await people.page(HEAD_OF_CREDIT);
    await credit.goto(`/accounts/loan/reports?report=classification-return&date=${monthEnd}`);
    const againstGl = credit.getByRole('table', { name: 'Against the general ledger' });
    await againstGl.waitFor({ timeout: 60_000 });
    const differences = await againstGl.locator('tbody tr td:last-child').allTextContents();
    expect(differences.length).toBeGreaterThan(0);
    expect(differences.map((d) => d.trim())).toEqual(differences.map(() => '0.00'));
  }, 900_000);
});
