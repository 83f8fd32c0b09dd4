import { describe, expect, it } from 'vitest';
import { PERMISSION_TEXT, SIGN_UP_CONFIRMED_DESCRIPTION } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { newStaff, signIn, signInAsDemo, signUp, storedAccessToken } from '../support/auth.ts';
import { seriousViolations } from '../support/axe.ts';
import { judgeScreen } from '../support/screens.ts';
import { activatedStaff, pendingStaff } from '../support/staff.ts';

/**
 * Fixes from a usability walkthrough (access notices, action outcomes, sign-up, menu marks, names), as
 * a user meets them.
 */
describe('the walkthrough fixes', () => {
  const browser = useBrowser();

  it('sign-up says what happens next, sign-in opens with the new e-mail, the theme chosen before is kept (B.10, B.14)', async () => {
    const page = await browser.newPage();
    const s = newStaff('ux');
    // A visitor picks the dark theme on the landing page, before having an account.
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await signUp(page, s);
    // The e2e server sends no mail (auto-confirm): an administrator activates the account.
    await page.getByText(SIGN_UP_CONFIRMED_DESCRIPTION).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(s.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(await page.title()).toBe('Sign in – BankManager');

    // Signed in, the theme stays dark and is saved on the new profile: another device (light) gets it.
    await signIn(page, s.email, s.password);
    await page.waitForURL('**/new-user-dashboard');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const savedTheme = async () =>
      page.evaluate(
        async (token) => {
          const meta = document.querySelector<HTMLMetaElement>('meta[name="bankmanager-config"]');
          const { anonKey } = JSON.parse(meta?.content ?? '{}') as { anonKey: string };
          const res = await fetch('/rest/v1/profiles?select=theme', {
            headers: { apikey: anonKey, authorization: `Bearer ${token}` },
          });
          return ((await res.json()) as { theme: string | null }[])[0]?.theme;
        },
        await storedAccessToken(page),
      );
    await expect.poll(savedTheme).toBe('dark');
    const other = await browser.newPage({ colorScheme: 'light' });
    await signIn(other, s.email, s.password);
    await other.waitForURL('**/new-user-dashboard');
    await expect
      .poll(() => other.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
  });

  it('each route sets its own title; a page without access says which page and why (B.11, B.16)', async () => {
    const admin = await browser.newPage();
    await signInAsDemo(admin);
    await expect.poll(() => admin.title()).toBe('Dashboard – BankManager');
    const titles: Record<string, string> = {};
    for (const [url, heading] of [
      ['/solutions/mobile-admin/users', 'Registered Mobile Banking Users'],
      ['/enquiries/account', 'Account Enquiry'],
      ['/security/users', 'Staff Users'],
      ['/security/audit', 'Audit Trail'],
      ['/transactions/control/approve', 'Approve Transactions'],
      ['/transactions/waste', 'Waste Processing'],
    ] as const) {
      await admin.goto(url);
      await admin.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expect.poll(() => admin.title()).toBe(`${heading} – BankManager`);
      titles[url] = await admin.title();
    }
    expect(new Set(Object.values(titles)).size).toBe(6);

    // An Officer may not read the audit trail: the page names itself and the permission it needs.
    const page = await browser.newPage();
    await activatedStaff(admin, page, 'uxofficer');
    await page.goto('/security/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit' }).waitFor();
    const alert = page.getByRole('alert');
    await alert.getByText(PERMISSION_TEXT.noAccessPage).waitFor();
    await alert.getByText(PERMISSION_TEXT.needsPermission('Read the audit trail')).waitFor();
    expect(await page.title()).toBe('Audit – BankManager');
  });

  it("Review names the person; approving says so on the page and puts focus back on the person's row (B.13, B.16)", async () => {
    const s = await pendingStaff(await browser.newPage(), 'uxreview');

    const admin = await browser.newPage();
    await signInAsDemo(admin);
    await admin.getByRole('link', { name: `Review ${s.fullName}` }).click();
    const review = admin.getByRole('dialog', { name: 'Review new staff user' });
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.waitFor({ state: 'detached' });
    await admin
      .getByRole('status')
      .filter({ hasText: `Approve: done for ${s.fullName}.` })
      .waitFor();
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Actions for ${s.fullName}`);

    // The audit trail names both people (B.9); ids stay in the detail view.
    await admin.goto('/security/audit?action=staff.approve');
    const table = admin.getByRole('table', { name: 'Audit trail, newest first' });
    const row = table.getByRole('row').filter({ hasText: s.fullName }).first();
    await row.getByText('Demo Administrator').waitFor();
    expect(await table.locator('tbody').textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('the row Actions menu leaves nothing focusable under aria-hidden, in light and dark (B.16)', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signInAsDemo(page, '/security/users');
    const actions = page.getByRole('button', { name: /^Actions for / }).first();
    await actions.click();
    await page.getByRole('menu').waitFor();
    expect(await judgeScreen(page, { phone: false })).toEqual({ light: [], dark: [] });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Actions');
  });

  it('the mega panel marks what is not built yet, and the module page explains its code (B.15)', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signInAsDemo(page);
    await page.getByRole('menuitem', { name: 'Transaction', exact: true }).hover();
    const waste = page.getByRole('menuitem', { name: 'Waste Processing', exact: true });
    expect(await waste.getAttribute('data-soon')).toBe('true');
    expect(await waste.getAttribute('title')).toMatch(/^Not available yet/);
    await waste.getByText('Soon').waitFor();
    await page.getByRole('menuitem', { name: 'Transaction Control' }).hover();
    const approve = page.getByRole('menuitem', { name: /^Approve Transactions/ });
    expect(await approve.getAttribute('data-soon')).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);

    await waste.click();
    await page.getByRole('heading', { level: 1, name: 'Waste Processing' }).waitFor();
    await page.getByText(/^Menu code \d{4}$/).waitFor();
  });
  it('the avatar opens the profile, and at phone width the menu drawer does', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page);
    await page.getByRole('link', { name: /^Your profile: signed in as/ }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAsDemo(phone);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('dialog').getByRole('link', { name: 'Your profile' }).click();
    await phone.waitForURL('**/profile');
    // The drawer closes on the way, so the profile is not hidden behind it.
    expect(await phone.getByRole('dialog').count()).toBe(0);
  });
});
