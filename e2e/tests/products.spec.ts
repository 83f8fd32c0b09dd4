import { describe, expect, it } from 'vitest';
import { downloadAfter } from '../support/downloads.ts';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport } from '../support/screens.ts';
import { createRole, grantRoleById, newProductCode, requestSavingsProduct } from '../support/products.ts';
import { activatedStaff, grantSuperuser } from '../support/staff.ts';

/** The product screens, with what to wait for before judging them (SAV-SLE is seeded). */
const SCREENS: [name: string, url: string, ready: (p: Page) => Promise<void>][] = [
  ['list', '/products/definition', (p) => p.getByRole('table', { name: 'Deposit products' }).waitFor()],
  ['new', '/products/definition?new', (p) => p.getByRole('form', { name: 'New product' }).waitFor()],
  [
    'detail',
    '/products/definition?code=SAV-SLE',
    (p) => p.getByRole('table', { name: 'SAV-SLE terms versions, newest first' }).waitFor(),
  ],
  [
    'pricing',
    '/products/pricing',
    (p) => p.getByRole('table', { name: 'SAV-SLE terms versions, newest first' }).waitFor(),
  ],
  ['reports', '/products/reports', (p) => p.getByRole('table', { name: 'Products report' }).waitFor()],
];

describe('deposit products', () => {
  const browser = useBrowser();

  it('a products manager defines a savings product; a second one approves it in the inbox; it shows on definition and pricing', async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    const checkerPage = await browser.newPage();
    const checker = await activatedStaff(admin, checkerPage, 'checker');
    await grantSuperuser(admin, checker.id);
    await checkerPage.reload();
    const roleId = await createRole(admin, checkerPage, `Products manager ${Date.now()}`, [
      'products.manage',
      'approvals.decide',
      // Reading products (GET /api/products) is an enquiry, as for every other screen.
      'enquiries.read',
      // A product change is bank-wide: only a checker with every branch in scope decides it.
      'branches.all',
    ]);
    const page = await browser.newPage();
    const maker = await activatedStaff(admin, page, 'products');
    await grantRoleById(admin, checkerPage, { id: maker.id, page }, roleId);
    const approverPage = await browser.newPage();
    const approver = await activatedStaff(admin, approverPage, 'products-checker');
    await grantRoleById(admin, checkerPage, { id: approver.id, page: approverPage }, roleId);

    // The maker asks for a new savings product; it waits for a checker under its request id.
    await page.goto('/products/definition');
    await page.getByRole('heading', { name: 'Product Definition' }).waitFor();
    await page.getByRole('button', { name: 'New product' }).click();
    // An empty form is refused field by field before anything is sent.
    await page.getByRole('button', { name: 'Send for approval' }).click();
    expect(await page.getByLabel('Product code').getAttribute('aria-invalid')).toBe('true');
    const code = newProductCode();
    const name = `Youth Savings ${code.slice(4)}`;
    await requestSavingsProduct(page, code, name, '4.75');
    await page.getByRole('heading', { name: 'Sent for approval' }).waitFor();
    const status =
      (await page.getByRole('status').filter({ hasText: 'takes effect once' }).textContent()) ?? '';
    expect(status).toContain(code);

    // Not in force until approved.
    await page.goto('/products/definition');
    await page.getByRole('table', { name: 'Deposit products' }).waitFor();
    expect(await page.getByRole('link', { name: `${code}: ${name}` }).count()).toBe(0);

    // The second products manager approves it in the inbox.
    await approverPage.goto('/transactions/control/approve');
    const row = approverPage
      .getByRole('row')
      .filter({ hasText: maker.email })
      .filter({ hasText: 'New product or product change' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });

    // It is listed with its rate, and its detail shows the first version approved by the checker.
    await page.reload();
    const link = page.getByRole('link', { name: `${code}: ${name}` });
    await link.waitFor();
    const listed = page.getByRole('row').filter({ has: link });
    expect(await listed.textContent()).toContain('4.75 %');
    expect(await listed.textContent()).toContain('Savings');
    await link.click();
    const history = page.getByRole('table', { name: `${code} terms versions, newest first` });
    await history.getByText(approver.email).waitFor();

    // Pricing: a column of its own in the side-by-side terms, and its version history.
    await page.goto('/products/pricing');
    const terms = page.getByRole('table', { name: 'Terms in force, product by product' });
    await terms.getByRole('columnheader', { name: code }).waitFor();
    await terms.getByText('Le 100.00').first().waitFor();
    await page
      .getByRole('table', { name: `${code} terms versions, newest first` })
      .getByText(approver.email)
      .waitFor();

    // The report lists it (no accounts yet) and downloads as CSV and PDF.
    await page.goto('/products/reports');
    const report = page.getByRole('table', { name: 'Products report' });
    await report.getByRole('row').filter({ hasText: code }).getByText('No accounts').waitFor();
    for (const format of ['CSV', 'PDF']) {
      const file = await downloadAfter(page, () =>
        page.getByRole('button', { name: `Download the products report as ${format}` }).click(),
      );
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^products-\\d{4}-\\d{2}-\\d{2}\\.${format.toLowerCase()}$`),
      );
    }
  }, 300_000);

  it('the product screens are axe clean in both themes and fit a 390 px phone (tables scroll inside their box)', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    expect(await screensReport(page, SCREENS)).toEqual(cleanScreens(SCREENS));
  }, 300_000);
});
