import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { newStaff, signIn, signInAsDemo, signUp } from '../support/auth.ts';
import { seriousViolations } from '../support/axe.ts';

describe('accessibility (axe-core): no serious or critical violation', () => {
  const browser = useBrowser();

  for (const scheme of ['light', 'dark'] as const) {
    it(`landing, sign-in, sign-up and both dashboards in the ${scheme} theme`, async () => {
      const page = await browser.newPage({
        colorScheme: scheme,
        bypassCSP: true,
        viewport: { width: 1440, height: 900 },
      });
      const report: Record<string, string[]> = {};
      await page.goto('/');
      await page.getByRole('link', { name: 'Enter Application' }).waitFor();
      report.landing = await seriousViolations(page);
      await page.goto('/signup');
      await page.getByRole('button', { name: 'Sign Up' }).waitFor();
      report.signUp = await seriousViolations(page);
      await page.goto('/signin');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      report.signIn = await seriousViolations(page);
      await signInAsDemo(page);
      await page.getByRole('heading', { name: /^Good (Morning|Afternoon|Evening)/ }).waitFor();
      await page
        .getByText('Needs Approval')
        .first()
        .waitFor({ timeout: 5000 })
        .catch(() => undefined);
      report.dashboard = await seriousViolations(page);
      await page.goto('/solutions/mobile-admin/users');
      await page
        .getByRole('table', { name: 'Registered mobile banking users' })
        .locator('tbody tr')
        .first()
        .waitFor();
      report.registeredUsers = await seriousViolations(page);
      await page.goto('/enquiries/account');
      await page.getByLabel('Account Number').waitFor();
      report.accountEnquiry = await seriousViolations(page);
      await page.goto('/security/users');
      await page.getByRole('table', { name: 'Staff users' }).locator('tbody tr').first().waitFor();
      report.staffUsers = await seriousViolations(page);
      await page.goto('/security/audit');
      await page
        .getByRole('table', { name: 'Audit trail, newest first' })
        .locator('tbody tr')
        .first()
        .waitFor();
      report.auditTrail = await seriousViolations(page);

      const pending = await browser.newPage({ colorScheme: scheme, bypassCSP: true });
      const s = newStaff(`axe${scheme}`);
      await signUp(pending, s);
      await signIn(pending, s.email, s.password);
      await pending.waitForURL('**/new-user-dashboard');
      await pending.getByRole('heading', { name: 'Account Pending Activation' }).waitFor();
      report.pendingDashboard = await seriousViolations(pending);

      expect(report).toEqual({
        landing: [],
        signUp: [],
        signIn: [],
        dashboard: [],
        registeredUsers: [],
        accountEnquiry: [],
        staffUsers: [],
        auditTrail: [],
        pendingDashboard: [],
      });
    });
  }
});
