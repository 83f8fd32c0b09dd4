import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo, storeSession, DEMO } from '../support/auth.ts';
import { seriousViolations } from '../support/axe.ts';
import { cleanScreens, screensReport, type Screen } from '../support/screens.ts';
import { call } from '../support/staff.ts';
import { activeAccounts, approveInInbox, balance, secondSuperuser } from '../support/payments.ts';

/** A well-formed number with wrong check digits: the last digit changed. */
const typo = (n: string) => `${n.slice(0, 12)}${(Number(n[12]) + 1) % 10}`;

describe('payments', () => {
  const browser = useBrowser();

  it('a transfer across currencies at the day’s rate, reached from the Transaction menu', async () => {
    const page = await browser.newPage();
    await storeSession(page, DEMO);
    const accounts = await activeAccounts(page);
    const usd = accounts.find((a) => a.currency === 'USD' && Number(a.available) > 100)!;
    const sle = accounts.find((a) => a.currency === 'SLE')!;

    // Treasury enters the day's rates.
    await page.goto('/treasury/rates');
    await page.getByLabel('Buy').fill('22.5');
    await page.getByLabel('Mid').fill('23');
    await page.getByLabel('Sell').fill('23.5');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await page.getByRole('cell', { name: '22.500000' }).first().waitFor();

    const menubar = page.getByRole('menubar', { name: 'Main menu' });
    await menubar.getByRole('menuitem', { name: 'Transaction' }).hover();
    await page
      .getByRole('menu', { name: 'Transaction' })
      .getByRole('menuitem', { name: 'Transfers' })
      .first()
      .click();
    await page.waitForURL('**/transactions/transfers');

    // A typo in the number is caught before any lookup.
    await page.getByLabel('From account').fill(typo(usd.accountNumber));
    await page.getByText('check digits do not match').waitFor();
    await page.getByLabel('From account').fill(usd.accountNumber);
    await page.getByLabel('To account').fill(sle.accountNumber);
    await page.getByLabel(/^Amount/).fill('40');
    await page.getByTestId('transfer-rate').getByText('buy rate').waitFor();
    expect(await page.getByTestId('transfer-credited').textContent()).toContain('Le 900.00');
    await page.getByLabel('Narration').fill('E2E dollars to Leones');
    const before = await balance(page, sle.accountNumber);
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByTestId('transfer-done').getByText('at 22.500000 Leones per 1 USD').waitFor();
    expect(await balance(page, sle.accountNumber)).toBeCloseTo(before + 900, 2);
  }, 120_000);

  it('a reversal asked from Account Enquiry and approved by a second person', async () => {
    const maker = await browser.newPage({ bypassCSP: true });
    await signInAsDemo(maker);
    const checkerPage = await browser.newPage();
    await secondSuperuser(checkerPage);
    const [from, to] = (await activeAccounts(maker)).filter(
      (a) => a.currency === 'SLE' && Number(a.available) > 100,
    );
    const narration = `E2E paid in error ${Date.now()}`;
    const sent = await call(maker, 'POST', '/api/transfers', {
      from_account: from!.accountNumber,
      to_account: to!.accountNumber,
      amount: '25',
      narration,
      reference: `E2E-REV-${Date.now()}`,
    });
    expect(sent.status).toBe(201);
    const before = await balance(maker, to!.accountNumber);

    await maker.goto(`/enquiries/account?account=${to!.accountNumber}`);
    await maker.getByRole('tab', { name: 'Transaction History' }).click();
    await maker.getByRole('button', { name: new RegExp(`^Reverse the posting of .*: ${narration}`) }).click();
    const dialog = maker.getByRole('dialog');
    await dialog.getByLabel('Reason for the reversal').fill('Paid to the wrong account');
    expect(await seriousViolations(maker)).toEqual([]);
    await dialog.getByRole('button', { name: /^Ask to reverse entry/ }).click();
    await dialog.getByTestId('reversal-sent').waitFor();
    expect(await balance(maker, to!.accountNumber)).toBeCloseTo(before, 2);

    await approveInInbox(checkerPage, 'Reversal of a posting');
    expect(await balance(maker, to!.accountNumber)).toBeCloseTo(before - 25, 2);
    // Reversed, the posting is no longer offered for reversal, and neither is the reversal's own line.
    await maker.reload();
    await maker.getByRole('tab', { name: 'Transaction History' }).click();
    const rows = maker.locator('tbody tr', { hasText: narration });
    await rows.nth(1).waitFor(); // the posting and its reversal ("Reversal of entry …: <narration>")
    expect(await rows.getByRole('button', { name: /^Reverse the posting of / }).count()).toBe(0);
  }, 180_000);

  it('a salary batch: a bad line reported, fixed on the screen, approved by a second person and posted', async () => {
    const maker = await browser.newPage({ bypassCSP: true });
    await signInAsDemo(maker);
    const checkerPage = await browser.newPage();
    await secondSuperuser(checkerPage);
    const sle = (await activeAccounts(maker)).filter((a) => a.currency === 'SLE');
    const employer = sle.find((a) => Number(a.available) > 5000)!;
    const staff = sle.filter((a) => a !== employer).slice(-3);
    const csv = [
      'account,amount,narration',
      `${staff[0]!.accountNumber},1000.00,March pay`,
      `${typo(staff[1]!.accountNumber)},1200.00,March pay`,
      `${staff[2]!.accountNumber},900.00,March pay`,
    ].join('\n');
    const before = await balance(maker, staff[1]!.accountNumber);

    await maker.goto('/transactions/other/salary-import');
    await maker.getByLabel('Employer account').fill(employer.accountNumber);
    await maker.getByLabel('Narration', { exact: true }).fill('E2E salaries March');
    await maker
      .getByLabel(/^Salary file/)
      .setInputFiles({ name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await maker.getByText('march.csv: 3 lines').waitFor();
    await maker.getByRole('button', { name: 'Upload and validate' }).click();
    await maker.waitForURL(/batch=\d+/);
    await maker.getByRole('heading', { name: 'Lines with a problem' }).waitFor();
    await maker.getByTestId('line-3').getByText('typing mistake').waitFor();
    expect(await maker.getByRole('button', { name: 'Submit for approval' }).isDisabled()).toBe(true);

    await maker.getByRole('button', { name: 'Fix line 3' }).click();
    // The fix opens in place with the cursor in it, and the report stays accessible.
    await maker.waitForFunction(() => document.activeElement?.id === 'line-3-account');
    expect(await seriousViolations(maker)).toEqual([]);
    await maker.getByLabel('Line 3 account number').fill(staff[1]!.accountNumber);
    await maker.getByRole('button', { name: 'Save line 3' }).click();
    await maker.getByText('No line has a problem.').waitFor();
    await maker.getByRole('button', { name: 'Submit for approval' }).click();
    await maker.getByText(/^Sent for approval/).waitFor();

    await approveInInbox(checkerPage, 'Bulk salary batch');
    await maker.reload();
    await maker
      .getByTestId('batch-status')
      .getByText(/^Posted as journal entry \d+/)
      .waitFor();
    expect(await balance(maker, staff[1]!.accountNumber)).toBeCloseTo(before + 1200, 2);
  }, 180_000);

  it('a standing order registered and run by “Run due now”; a second run posts nothing', async () => {
    const page = await browser.newPage();
    await storeSession(page, DEMO);
    const sle = (await activeAccounts(page)).filter((a) => a.currency === 'SLE' && Number(a.available) > 100);
    const [from, to] = [sle[1]!, sle[2]!];
    await page.goto('/transactions/standing-orders/register');
    await page.getByLabel('From account').fill(from.accountNumber);
    await page.getByLabel('To account').fill(to.accountNumber);
    await page.getByLabel('Amount').fill('15');
    await page.getByLabel('Narration').fill('E2E rent');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(/^Standing order \d+ registered/).waitFor();
    const before = await balance(page, to.accountNumber);

    await page.goto('/transactions/standing-orders/options');
    await page.getByRole('button', { name: 'Run due now' }).click();
    expect(await page.getByTestId('run-result').textContent()).toMatch(/[1-9]\d* posted/);
    expect(await balance(page, to.accountNumber)).toBeCloseTo(before + 15, 2);
    await page.getByRole('button', { name: 'Run due now' }).click();
    await page
      .getByTestId('run-result')
      .getByText(/: 0 posted/)
      .waitFor();
    expect(await balance(page, to.accountNumber)).toBeCloseTo(before + 15, 2);

    await page.goto('/transactions/standing-orders/register');
    await page.getByLabel('Account number (either side)').fill(to.accountNumber);
    await page
      .getByRole('cell', { name: /^Posted for / })
      .first()
      .waitFor();
  }, 120_000);

  const screens: [string, (p: Page) => Promise<void>][] = [
    ['/transactions/transfers', (p) => p.getByLabel('From account').waitFor()],
    ['/treasury/rates', (p) => p.getByRole('table').waitFor()],
    ['/transactions/other/salary-import', (p) => p.getByRole('table').waitFor()],
    ['/transactions/standing-orders/register', (p) => p.getByRole('table').waitFor()],
    [
      '/transactions/standing-orders/options',
      (p) => p.getByRole('button', { name: 'Run due now' }).waitFor(),
    ],
  ];

  it('has no serious axe violation on the payments screens in either theme', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    const named = screens.map(([url, ready]): Screen => [url, url, ready]);
    expect(await screensReport(page, named, { phone: false })).toEqual(cleanScreens(named, { phone: false }));
  }, 180_000);

  it('the payments screens do not scroll sideways at 390 px', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await storeSession(page, DEMO);
    const found: Record<string, number> = {};
    for (const [url, ready] of screens) {
      await page.goto(url);
      await ready(page);
      found[url] = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    }
    expect(found).toEqual(Object.fromEntries(screens.map(([u]) => [u, 0])));
  }, 120_000);
});
