import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { AUTH_STORAGE_KEY, signInAsDemo } from '../support/auth.ts';

const warning = 'You will be signed out soon';
const LAST_ACTIVITY = 'bankmanager-last-activity';
const idleWatchRunning = (page: Page) =>
  page.waitForFunction((key) => localStorage.getItem(key) !== null, LAST_ACTIVITY);
const storedActivity = (page: Page) =>
  page.evaluate((key) => Number(localStorage.getItem(key)), LAST_ACTIVITY);

/** Idle sign-out after IDLE_TIMEOUT_MINUTES (15 on the e2e server), with the browser clock fast-forwarded. */
describe('idle sign-out', () => {
  const browser = useBrowser();

  it('warns 60 s ahead, then signs out; "Stay signed in" keeps the session', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    await signInAsDemo(page);
    await idleWatchRunning(page);
    await page.clock.fastForward('13:30');
    expect(await page.getByRole('alertdialog', { name: warning }).count()).toBe(0);
    await page.clock.fastForward('00:40'); // 14:10 idle: inside the last minute
    await page.getByRole('alertdialog', { name: warning }).waitFor();
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByRole('alertdialog', { name: warning }).waitFor({ state: 'detached' });

    await page.clock.fastForward('14:10');
    await page.getByRole('alertdialog', { name: warning }).waitFor();
    await page.clock.fastForward('01:00');
    await page.waitForURL('**/signin');
    await page.getByText(/signed out after 15 minutes without activity/).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
  });

  it('activity in another tab of the same browser keeps the session alive', async () => {
    const first = await browser.newPage();
    await first.clock.install(); // one clock for the whole browser context, so both tabs share it
    await signInAsDemo(first);
    const second = await first.context().newPage();
    await second.goto('/dashboard');
    await second.getByRole('button', { name: 'Sign Out' }).waitFor();
    await idleWatchRunning(first);

    await first.clock.fastForward('10:00');
    const before = await storedActivity(first);
    // Activity in the second tab only. A key press, not a mouse move: Chromium delivers pointer moves
    // at the tab's next animation frame, which a tab in the background may not get for a long while.
    await second.bringToFront();
    await second.keyboard.press('Shift');
    // The shared clock has recorded it before time jumps on; otherwise the jump could outrun it.
    await first.waitForFunction(
      ([key, prev]) => Number(localStorage.getItem(key)) > prev,
      [LAST_ACTIVITY, before] as const,
      { polling: 100 },
    );
    await first.bringToFront();
    await first.clock.fastForward('05:00'); // 15 min since the first tab's own last activity
    await first.clock.runFor(2_000);
    expect(await first.getByRole('alertdialog', { name: warning }).count()).toBe(0);
    expect(new URL(first.url()).pathname).toBe('/dashboard');

    await first.clock.fastForward('09:10'); // 14:10 after the second tab's activity
    await first.getByRole('alertdialog', { name: warning }).waitFor();
  });
});
