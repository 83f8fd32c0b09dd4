import { describe, expect, it } from 'vitest';
import { authenticator } from 'otplib';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser, newStaff, sessionForgotten, signIn, signUp } from '../support/auth.ts';

/** A code for the next 30-second step: the one shown at set-up is accepted once only. */
const nextCode = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

/**
 * Security review finding 4 (docs/security.md): set up an authenticator on /profile; sign-in then asks
 * for its code.
 */
describe('two-factor authentication', () => {
  const browser = useBrowser();

  it('enrols with the QR code on /profile, then sign-in asks for the code before any page', async () => {
    const page = await browser.newPage();
    const staff = newStaff('mfa');
    await signUp(page, staff);
    await signIn(page, staff.email, staff.password);
    await page.waitForURL('**/new-user-dashboard');

    // Set-up: the QR code and its key, then the first code from the app.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText(/^On: signing in asks for a code/).waitFor();

    // Sign out, sign in again: the password alone leads to the code screen, and the API refuses it.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await sessionForgotten(page);
    await signIn(page, staff.email, staff.password);
    await page.waitForURL('**/signin/mfa');
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await expect(apiAsUser(page, '/api/user/status')).rejects.toThrow(/403/);
    // A reload of a guarded page with that password-only session goes back to the code, not to a 403.
    await page.goto('/dashboard');
    await page.waitForURL('**/signin/mfa');
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();

    await page.getByLabel('Authentication code').fill('000000' === nextCode(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Invalid TOTP code/ })
      .waitFor();

    await page.getByLabel('Authentication code').fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/new-user-dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await apiAsUser<{ approved?: boolean }>(page, '/api/user/status')).toBeTruthy();
  });
});
