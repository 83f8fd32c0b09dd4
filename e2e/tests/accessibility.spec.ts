import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { newStaff, signIn, signInAsDemo, signUp } from '../support/auth.ts';
import { judgeScreen } from '../support/screens.ts';

describe('accessibility (axe-core): no serious or critical violation', () => {
  const browser = useBrowser();

  it('landing, sign-in, sign-up and both dashboards in either theme', async () => {
    const page = await browser.newPage({
      bypassCSP: true,
      viewport: { width: 1440, height: 900 },
    });
    const report: Record<string, { light: string[]; dark: string[] }> = {};
    await page.goto('/');
    await page.getByRole('link', { name: 'Enter Application' }).waitFor();
    report.landing = await judgeScreen(page, { phone: false });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    report.signUp = await judgeScreen(page, { phone: false });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    report.signIn = await judgeScreen(page, { phone: false });
    await signInAsDemo(page);
    await page.getByRole('heading', { name: /^Good (Morning|Afternoon|Evening)/ }).waitFor();
    await page
      .getByText('Needs Approval')
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
    report.dashboard = await judgeScreen(page, { phone: false });
    await page.goto('/solutions/mobile-admin/users');
    await page
      .getByRole('table', { name: 'Registered mobile banking users' })
      .locator('tbody tr')
      .first()
      .waitFor();
    report.registeredUsers = await judgeScreen(page, { phone: false });
    await page.goto('/enquiries/account');
    await page.getByLabel('Account Number').waitFor();
    report.accountEnquiry = await judgeScreen(page, { phone: false });
    await page.goto('/security/users');
    await page.getByRole('table', { name: 'Staff users' }).locator('tbody tr').first().waitFor();
    report.staffUsers = await judgeScreen(page, { phone: false });
    await page.goto('/security/audit');
    await page
      .getByRole('table', { name: 'Audit trail, newest first' })
      .locator('tbody tr')
      .first()
      .waitFor();
    report.auditTrail = await judgeScreen(page, { phone: false });

    const pending = await browser.newPage({ bypassCSP: true });
    const s = newStaff('axe');
    await signUp(pending, s);
    await signIn(pending, s.email, s.password);
    await pending.waitForURL('**/new-user-dashboard');
    await pending.getByRole('heading', { name: 'Account Pending Activation' }).waitFor();
    report.pendingDashboard = await judgeScreen(pending, { phone: false });

    expect(report).toEqual({
      landing: { light: [], dark: [] },
      signUp: { light: [], dark: [] },
      signIn: { light: [], dark: [] },
      dashboard: { light: [], dark: [] },
      registeredUsers: { light: [], dark: [] },
      accountEnquiry: { light: [], dark: [] },
      staffUsers: { light: [], dark: [] },
      auditTrail: { light: [], dark: [] },
      pendingDashboard: { light: [], dark: [] },
    });
  });
});
