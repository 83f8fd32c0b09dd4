import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { newStaff, signIn, signInAsDemo, signUp } from '../support/auth.ts';
import { cleanScreens, judgeScreen, screensReport, type Screen } from '../support/screens.ts';

describe('accessibility (axe-core): no serious or critical violation', () => {
  const browser = useBrowser();

  it('landing, sign-in, sign-up and both dashboards in either theme', async () => {
    const rows = (table: string) => (p: Page) =>
      p.getByRole('table', { name: table }).locator('tbody tr').first().waitFor();
    const signedOut: Screen[] = [
      ['landing', '/', (p) => p.getByRole('link', { name: 'Enter Application' }).waitFor()],
      ['signUp', '/signup', (p) => p.getByRole('button', { name: 'Sign Up' }).waitFor()],
      ['signIn', '/signin', (p) => p.getByRole('button', { name: 'Sign In' }).waitFor()],
    ];
    const signedIn: Screen[] = [
      ['registeredUsers', '/solutions/mobile-admin/users', rows('Registered mobile banking users')],
      ['accountEnquiry', '/enquiries/account', (p) => p.getByLabel('Account Number').waitFor()],
      ['staffUsers', '/security/users', rows('Staff users')],
      ['auditTrail', '/security/audit', rows('Audit trail, newest first')],
    ];
    const page = await browser.newPage({ bypassCSP: true, viewport: { width: 1440, height: 900 } });
    expect(await screensReport(page, signedOut, { phone: false })).toEqual(
      cleanScreens(signedOut, { phone: false }),
    );
    await signInAsDemo(page);
    await page.getByRole('heading', { name: /^Good (Morning|Afternoon|Evening)/ }).waitFor();
    await page
      .getByText('Needs Approval')
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
    expect(await judgeScreen(page, { phone: false }), 'dashboard').toEqual({ light: [], dark: [] });
    expect(await screensReport(page, signedIn, { phone: false })).toEqual(
      cleanScreens(signedIn, { phone: false }),
    );

    const pending = await browser.newPage({ bypassCSP: true });
    const s = newStaff('axe');
    await signUp(pending, s);
    await signIn(pending, s.email, s.password);
    await pending.waitForURL('**/new-user-dashboard');
    await pending.getByRole('heading', { name: 'Account Pending Activation' }).waitFor();
    expect(await judgeScreen(pending, { phone: false }), 'pending dashboard').toEqual({
      light: [],
      dark: [],
    });
  });
});
