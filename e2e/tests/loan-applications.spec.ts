import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser, signInAsDemo } from '../support/auth.ts';
import { seriousViolations, sidewaysOverflow } from '../support/axe.ts';
import { cleanScreens, screensReport, type Screen } from '../support/screens.ts';
import { approveInInbox, secondSuperuser, type AccountRow } from '../support/payments.ts';
import { closeAnyTill, tellerAtFreshTill } from '../support/teller.ts';

const SCREEN = '/accounts/loan/applications';
const LOAN_MANAGER = '/accounts/loan/manager';

/** A demo borrower: an Active private customer with complete KYC and an Active Leone current or savings account. */
async function demoBorrower(page: Page, skip = 0): Promise<{ id: number; account: string }> {
  const rows = await apiAsUser<{ id: number }[]>(
    page,
    // At Head Office, where the demo's teller works: the journey takes the first instalment there.
    '/api/customers?status=Active&kyc=complete&type=private&risk=low&branch=001&pageSize=100',
  );
  for (const r of rows) {
    const accounts = await apiAsUser<AccountRow[]>(
      page,
      `/api/accounts?custId=${r.id}&status=Active&pageSize=20`,
    );
    const a = accounts.find(
      (x) =>
        x.currency === 'SLE' &&
        x.blockKind === null &&
        (x.accountType === 'Savings' || x.accountType === 'Current'),
    );
    if (a && skip-- === 0) return { id: r.id, account: a.accountNumber };
  }
  throw new Error(`no demo borrower among ${rows.length} customers`);
}

const fill = async (page: Page, label: string | RegExp, value: string) =>
  page.getByLabel(label, { exact: typeof label === 'string' }).fill(value);

/** The inbox's subject of the application's requests ("Loan application 12", not 123). */
const applicationSubject = (id: string) => new RegExp(`Loan application ${id}(?!\\d)`);

/**
 * On screen, as the demo officer: a Salary Loan application for the borrower (12 instalments at 24%,
 * salary Le 20,000), saved, submitted, appraised; the second person approves it in the inbox. `onAppraisal`
 * runs on the submitted application's appraisal view. Returns the application's number.
 */
async function applyAndApprove(
  page: Page,
  checker: Page,
  b: { id: number; account: string },
  amount: string,
  onAppraisal: () => Promise<void> = async () => undefined,
): Promise<string> {
  await page.goto(SCREEN);
  await page.getByRole('heading', { name: 'Loan Applications' }).waitFor();
  await page.getByRole('button', { name: 'New application' }).click();
  await page.getByRole('form', { name: 'New loan application' }).waitFor();
  await fill(page, 'Customer number', String(b.id));
  await fill(page, /Repayment account/, b.account);
  await fill(page, 'Purpose in words', 'School fees');
  await page.getByRole('button', { name: 'Next' }).click();
  await fill(page, 'Amount (Le)', amount);
  await fill(page, 'Term (instalments)', '12');
  await fill(page, 'Rate (% a year)', '24');
  await fill(page, 'Employer', 'Ministry of Finance');
  await fill(page, 'Net monthly salary (Le)', '20000');
  await page.getByRole('button', { name: 'Next' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save draft' }).click();

  const heading = page.getByRole('heading', { name: /^Application \d+:/ });
  await heading.waitFor();
  const id = /Application (\d+):/.exec((await heading.textContent()) ?? '')![1]!;
  await page.getByRole('button', { name: 'Submit for appraisal' }).click();
  await page.getByText('Submitted', { exact: true }).waitFor();
  await onAppraisal();

  await page.getByRole('button', { name: 'Record appraisal' }).click();
  await fill(page, 'Appraisal notes', 'Salary domiciled with us for three years.');
  // The demo bank's capital may put any loan over the concentration limit: the reason covers it.
  await fill(page, 'Override reason', 'Salary deducted at source by the employer.');
  await page.getByRole('button', { name: 'Record appraisal and ask for approval' }).click();
  await page.getByRole('link', { name: 'approvals inbox' }).waitFor();
  await approveInInbox(checker, 'Loan approval (Branch Manager)', applicationSubject(id));

  await page.reload();
  await page.getByText('Approved', { exact: true }).waitFor();
  return id;
}

describe('Loan Applications', () => {
  const browser = useBrowser();

  it('an officer applies, submits and appraises a Salary Loan; a second person approves it in the inbox', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page);
    const checker = await browser.newPage();
    await secondSuperuser(checker);
    const b = await demoBorrower(page);
    const id = await applyAndApprove(page, checker, b, '20000', async () => {
      // The appraisal view: the schedule preview with the Salary Loan's EMI, the DSR.
      const schedule = page.getByRole('table', { name: /Repayment schedule/ });
      await schedule.waitFor();
      expect(await schedule.getByRole('row').nth(1).textContent()).toContain('1,891.19');
      await page.getByText(/% of net salary \(at most 40.00%\)/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
    });
    const app = await apiAsUser<{ status: string; history: { action: string }[] }>(
      page,
      `/api/loan-applications/${id}`,
    );
    expect(app.status).toBe('Approved');
    expect(app.history.map((h) => h.action)).toEqual(['create', 'submit', 'appraise', 'approve']);

    // Disbursement: the officer asks, a second person pays out from the inbox.
    await page.getByRole('button', { name: 'Disburse' }).click();
    await page.getByRole('button', { name: 'Ask for disbursement' }).click();
    await page.getByRole('link', { name: 'approvals inbox' }).waitFor();
    await approveInInbox(checker, 'Loan disbursement');
    await page.reload();
    await page.getByText('Disbursed', { exact: true }).waitFor();

    // Loan Manager shows the frozen schedule.
    const [loan] = await apiAsUser<{ id: number; outstanding: string }[]>(page, `/api/loans?custId=${b.id}`);
    expect(loan!.outstanding).toBe('20000.00');
    await page.goto(`${LOAN_MANAGER}?id=${loan!.id}`);
    await page.getByRole('heading', { name: new RegExp(`^Loan ${loan!.id}:`) }).waitFor();
    const frozen = page.getByRole('table', { name: 'Repayment schedule' });
    await frozen.waitFor();
    expect(await frozen.getByRole('row').count()).toBe(13);
    expect(await frozen.getByRole('row').nth(1).textContent()).toContain('1,891.19');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The first instalment in cash at the teller (L at the counter), ahead of its date.
    const [shown] = await apiAsUser<{ id: number; accountNumber: string }[]>(
      page,
      `/api/loans?custId=${b.id}`,
    );
    const { teller, supervisor } = await tellerAtFreshTill(browser);
    await teller.goto('/transactions/teller/home');
    await teller.getByRole('button', { name: 'Loan repayment (L)' }).waitFor();
    await teller.keyboard.press('l');
    await teller.getByLabel('Account number').fill(shown!.accountNumber);
    await teller.keyboard.press('Enter');
    const card = teller.getByRole('region', { name: 'Loan at the counter' });
    await card.waitFor();
    expect(await card.textContent()).toContain('1,891.19');
    await teller.getByLabel('Paid by').fill('Aminata Conteh');
    expect(await seriousViolations(teller)).toEqual([]);
    await teller.getByRole('button', { name: 'Take repayment' }).click();
    await teller
      .getByRole('heading', { name: 'Loan repayment received' })
      .waitFor()
      .catch(async (err: unknown) => {
        // What the counter showed instead (a refusal, a field's message) is the useful failure.
        const shown = await teller.getByRole('region', { name: 'Loan repayment' }).textContent();
        throw new Error(`no receipt: ${shown}`, { cause: err });
      });
    expect(await teller.getByRole('region', { name: 'Loan repayment receipt' }).textContent()).toContain(
      '18,508.81',
    );
    await closeAnyTill(teller, supervisor);

    // The loan 360 marks the instalment paid; the books still balance.
    await page.reload();
    const after = page.getByRole('table', { name: 'Repayment schedule' });
    await after.waitFor();
    expect(await after.getByRole('row').nth(1).getAttribute('data-state')).toBe('paid');
    expect(await after.getByRole('row').nth(1).textContent()).toContain('Paid');
    expect((await apiAsUser<{ balanced: boolean }>(page, '/api/gl/trial-balance')).balanced).toBe(true);
  }, 240_000);

  it('a loan paid out in cash: the officer asks for the till, a second person approves, the teller pays it out by keyboard', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page);
    const checker = await browser.newPage();
    await secondSuperuser(checker);
    // Another borrower than the first journey's: neither loan counts against the other's limits.
    const b = await demoBorrower(page, 1);
    const id = await applyAndApprove(page, checker, b, '10000');
    await page.getByRole('button', { name: 'Disburse' }).click();
    await page.getByLabel('In cash at a teller’s till').check();
    await page.getByRole('button', { name: 'Ask for disbursement' }).click();
    await page.getByRole('link', { name: 'approvals inbox' }).waitFor();
    await approveInInbox(checker, 'Loan disbursement', applicationSubject(id));
    // The approval moved no money: the application waits for a teller.
    const waiting = await apiAsUser<{ status: string }>(page, `/api/loan-applications/${id}`);
    expect(waiting.status).toBe('Approved');

    // At the counter: O, the application number, Enter; gross, fees and net; the identity check.
    const { teller, supervisor } = await tellerAtFreshTill(browser);
    await teller.goto('/transactions/teller/home');
    await teller.getByRole('button', { name: 'Loan disbursement (O)' }).waitFor();
    await teller.keyboard.press('o');
    await teller.getByLabel('Loan application number').fill(id);
    await teller.keyboard.press('Enter');
    const card = teller.getByRole('region', { name: 'Loan to pay out' });
    await card.waitFor();
    // The Salary Loan's 2% processing fee is taken at disbursement: Le 200.00 of Le 10,000.00.
    expect(await card.textContent()).toContain('9,800.00');
    expect(await seriousViolations(teller)).toEqual([]);
    await teller.getByLabel(/The person matches the ID document/).check();
    await teller.getByRole('button', { name: /^Pay out .*9,800\.00/ }).click();
    const receipt = teller.getByRole('region', { name: 'Loan disbursement receipt' });
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain('9,800.00');
    await closeAnyTill(teller, supervisor);

    const paid = await apiAsUser<{ status: string }>(page, `/api/loan-applications/${id}`);
    expect(paid.status).toBe('Disbursed');
    expect((await apiAsUser<{ balanced: boolean }>(page, '/api/gl/trial-balance')).balanced).toBe(true);
  }, 240_000);

  it('Loan Manager and Closed Loans have no serious or critical axe violation in either theme, and fit 390 px', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signInAsDemo(page);
    const loans = (name: string) => async (p: Page) => {
      await p.getByRole('heading', { name }).waitFor();
      await p.getByRole('search', { name: 'Filter the loans' }).waitFor();
    };
    const screens: Screen[] = [
      ['Loan Manager', LOAN_MANAGER, loans('Loan Manager')],
      ['Closed Loans', '/accounts/loan/closed', loans('Closed Loans')],
    ];
    expect(await screensReport(page, screens)).toEqual(cleanScreens(screens));
  }, 240_000);

  it('the list and the form have no serious or critical axe violation in either theme, and fit a 390 px phone', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signInAsDemo(page);
    const screens: Screen[] = [
      [
        'list',
        SCREEN,
        async (p) => {
          await p.getByRole('search', { name: 'Filter the applications' }).waitFor();
          await p.getByRole('button', { name: 'New application' }).waitFor();
        },
      ],
      ['form', `${SCREEN}?new=1`, (p) => p.getByRole('form', { name: 'New loan application' }).waitFor()],
    ];
    expect(await screensReport(page, screens)).toEqual(cleanScreens(screens));
  }, 240_000);
});
