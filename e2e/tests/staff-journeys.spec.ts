import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SIGN_UP_MESSAGES as M } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { DEMO, newStaff, sessionForgotten, signIn, signInAsDemo, signUp } from '../support/auth.ts';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const greeting = /^Good (Morning|Afternoon|Evening)/;

describe('staff journeys (docs/product.md §2, §4, §5)', () => {
  const browser = useBrowser();

  it('landing → sign-up: every validation message, then a successful sign-up', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Enter Application' }).click();
    await page.waitForURL('**/signin');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const m of [M.fullNameRequired, M.mobileRequired, M.emailRequired, M.passwordRequired])
      await page.getByText(m).waitFor();

    await page.getByLabel('Full name').fill('Aminata Kamara');
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abd');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const m of [M.mobileInvalid, M.emailInvalid, M.passwordTooShort, M.passwordsDoNotMatch])
      await page.getByText(m).waitFor();

    const s = newStaff('signup');
    await signUp(page, s);
    await page.getByText('Account created').waitFor();
  });

  it('the first user becomes superuser; a second user waits on the pending dashboard', async () => {
    const first = await browser.newPage({ server: 'fresh' });
    const a = newStaff('first');
    await signUp(first, a);
    await signIn(first, a.email, a.password);
    await first.waitForURL('**/dashboard');
    await first.getByRole('heading', { name: greeting }).waitFor();
    expect(await first.getByText('Pending Activation').count()).toBe(0);

    const second = await browser.newPage({ server: 'fresh' });
    const b = newStaff('second');
    await signUp(second, b);
    await signIn(second, b.email, b.password);
    await second.waitForURL('**/new-user-dashboard');
    await second.getByText('Pending Activation').first().waitFor();
    await second.getByRole('heading', { name: 'Account Pending Activation' }).waitFor();
    await second
      .getByText(
        'Your account is currently awaiting administrator approval. You have limited access to the system until your account is activated.',
      )
      .waitFor();
    await second.goto('/dashboard');
    await second.waitForURL('**/new-user-dashboard');
  });

  it('mega menu by mouse and keyboard, a direct link, and a module page', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page);
    const menubar = page.getByRole('menubar', { name: 'Main menu' });
    await menubar.getByRole('menuitem', { name: 'Enquiries' }).hover();
    const panel = page.getByRole('menu', { name: 'Enquiries' });
    await panel.waitFor();
    await panel.getByRole('menuitem', { name: 'Account Enquiry' }).first().click();
    await page.waitForURL('**/enquiries/account');

    // Keyboard: focus the bar, move right, open with ArrowDown, close with Escape.
    await menubar.getByRole('menuitem', { name: 'Enquiries' }).focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Transaction');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu', { name: 'Transaction' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu', { name: 'Transaction' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Transaction');

    // A second-level item without children navigates directly, to its module page. Once (CI, a loaded
    // machine) the hover's panel never showed; as a person would, move off and hover again, at most thrice.
    const transactionPanel = page.getByRole('menu', { name: 'Transaction' });
    for (let tries = 0; !(await transactionPanel.isVisible()); tries++) {
      if (tries === 3) throw new Error('hovering Transaction never opened its panel');
      await page.mouse.move(0, 0);
      await menubar.getByRole('menuitem', { name: 'Transaction' }).hover();
      await transactionPanel.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    await transactionPanel.getByRole('menuitem', { name: 'Waste Processing' }).first().click();
    await page.waitForURL('**/transactions/waste');
    await page.getByRole('heading', { name: 'Waste Processing' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
    await page.getByText('Not yet available').waitFor();
  });

  it('theme: toggled, it survives a reload and a new sign-in', async () => {
    const page = await browser.newPage({ colorScheme: 'light' });
    await signInAsDemo(page);
    // The stored theme arrives with the profile, after the header: read it once that has loaded.
    await page.waitForLoadState('networkidle');
    const before = await isDark(page);
    await page
      .getByRole('button', { name: before ? 'Switch to light theme' : 'Switch to dark theme' })
      .click();
    await page.waitForFunction((b) => document.documentElement.classList.contains('dark') !== b, before);
    await page.reload();
    await page.getByRole('heading', { name: greeting }).waitFor();
    expect(await isDark(page)).toBe(!before);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    const other = await browser.newPage({ colorScheme: 'light' }); // a new browser profile: only the server remembers
    await signIn(other, DEMO.email, DEMO.password); // through the form, as the person would
    await other.waitForURL('**/dashboard');
    await other.waitForFunction((b) => document.documentElement.classList.contains('dark') !== b, before);
    // Put it back for the other journeys.
    await other
      .getByRole('button', { name: !before ? 'Switch to light theme' : 'Switch to dark theme' })
      .click();
    await other.waitForFunction((b) => document.documentElement.classList.contains('dark') === b, before);
  });

  it('a deep link while signed out leads to sign-in and back; sign-out clears the session', async () => {
    const page = await browser.newPage();
    await page.goto('/enquiries/account');
    await page.waitForURL('**/signin');
    expect(await page.getByLabel('Email').inputValue()).toBe(DEMO.email); // demo mode prefills the demo account
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/enquiries/account');
    await page.getByText('Success').first().waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // The header navigates first, then signs out (so the guard does not bounce to /signin on the way).
    await sessionForgotten(page);
    await page.goto('/dashboard');
    await page.waitForURL('**/signin');
  });
});
