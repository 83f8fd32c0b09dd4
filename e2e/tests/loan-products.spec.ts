import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport } from '../support/screens.ts';
import { createRole, grantRoleById } from '../support/products.ts';
import { activatedStaff, grantSuperuser } from '../support/staff.ts';

const ADMIN = '/accounts/loan/admin';

/** The Loan Administration screens, with what to wait for before judging them (SAL-SLE is seeded). */
const SCREENS: [name: string, url: string, ready: (p: Page) => Promise<void>][] = [
  ['list', ADMIN, (p) => p.getByRole('table', { name: 'Loan products' }).waitFor()],
  ['new', `${ADMIN}?new`, (p) => p.getByRole('form', { name: 'New loan product' }).waitFor()],
  [
    'detail',
    `${ADMIN}?code=SAL-SLE`,
    (p) => p.getByRole('table', { name: /^SAL-SLE versions, newest first/ }).waitFor(),
  ],
];

const fill = async (page: Page, label: string, value: string) =>
  page.getByLabel(label, { exact: true }).fill(value);

describe('loan products', () => {
  const browser = useBrowser();

  it('a loan products manager asks for a micro loan; a second one approves it in the inbox; it is listed', async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const checkerPage = await browser.newPage();
    const checker = await activatedStaff(admin, checkerPage, 'checker');
    await grantSuperuser(admin, checker.id);
    await checkerPage.reload();
    const roleId = await createRole(admin, checkerPage, `Loan products manager ${Date.now()}`, [
      'loan_products.manage',
      'approvals.decide',
      'enquiries.read',
      // A loan product change is bank-wide: only a checker with every branch in scope decides it.
      'branches.all',
    ]);
    const page = await browser.newPage();
    const maker = await activatedStaff(admin, page, 'loans');
    await grantRoleById(admin, checkerPage, { id: maker.id, page }, roleId);
    const approverPage = await browser.newPage();
    const approver = await activatedStaff(admin, approverPage, 'loans-checker');
    await grantRoleById(admin, checkerPage, { id: approver.id, page: approverPage }, roleId);

    await page.goto(ADMIN);
    await page.getByRole('heading', { name: 'Loan Administration' }).waitFor();
    await page.getByRole('link', { name: 'SAL-SLE: Salary Loan' }).waitFor();
    await page.getByRole('button', { name: 'New loan product' }).click();
    const code = `MIC-${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
    const name = `Market Traders ${code.slice(4)}`;
    await fill(page, 'Product code', code);
    await fill(page, 'Product name', name);
    await page.getByLabel('Interest method').selectOption('flat');
    await page.getByLabel('Repayment frequency').selectOption('weekly');
    for (const [label, value] of [
      ['Lowest rate (% a year)', '30'],
      ['Highest rate (% a year)', '30'],
      ['Typical rate (% a year)', '30'],
      ['Smallest amount', '500'],
      ['Largest amount', '20000'],
      ['Shortest term (instalments)', '26'],
      ['Longest term (instalments)', '13'],
    ] as const)
      await fill(page, label, value);
    // The longest term below the shortest is refused at its field before anything is sent.
    await page.getByRole('button', { name: 'Ask to create this product' }).click();
    expect(await page.getByLabel('Longest term (instalments)').getAttribute('aria-invalid')).toBe('true');
    await fill(page, 'Shortest term (instalments)', '13');
    await fill(page, 'Longest term (instalments)', '26');
    await page.getByRole('button', { name: 'Ask to create this product' }).click();
    await page.getByRole('heading', { name: 'Sent for approval' }).waitFor();

    await approverPage.goto('/transactions/control/approve');
    const row = approverPage
      .getByRole('row')
      .filter({ hasText: maker.email })
      .filter({ hasText: 'New loan product or loan product change' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });

    await page.goto(`${ADMIN}?sort=code&order=desc`);
    const link = page.getByRole('link', { name: `${code}: ${name}` });
    await link.waitFor();
    expect(await page.getByRole('row').filter({ has: link }).textContent()).toContain('30 %');
    await link.click();
    await page
      .getByRole('table', { name: new RegExp(`^${code} versions`) })
      .getByText(approver.email)
      .waitFor();
  }, 300_000);

  it('the Loan Administration screens are axe clean in both themes and fit a 390 px phone', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
