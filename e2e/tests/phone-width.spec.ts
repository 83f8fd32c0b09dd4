import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { storeSession, DEMO } from '../support/auth.ts';
import { judgeScreen } from '../support/screens.ts';

/** Signed-in screens of the original specification and the issues since, with what to wait for. */
const screens: [url: string, ready: (p: Page) => Promise<void>][] = [
  ['/dashboard', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
  ['/solutions/mobile-admin/users', (p) => p.locator('tbody tr').first().waitFor()],
  ['/enquiries/account', (p) => p.getByLabel('Account Number').waitFor()],
  ['/security/users', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
  ['/security/audit', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
  ['/transactions/control/approve', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
  ['/accounts/ledger', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
  ['/transactions/proof/daily-diff', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
  ['/customers/private', (p) => p.locator('tbody tr').first().waitFor()],
];

/**
 * At 390 px (a phone) no signed-in page scrolls sideways and the header's Sign Out stays on
 * screen (wide tables scroll inside their own box instead), and axe finds nothing serious, in light
 * and dark.
 */
describe('phone width (390 px)', () => {
  const browser = useBrowser();

  it('no signed-in page scrolls sideways, Sign Out is fully visible, and axe is clean in either theme', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await storeSession(page, DEMO);
    const found: Record<
      string,
      { overflow: number; signOutRight: number; axe: { light: string[]; dark: string[] } }
    > = {};
    for (const [url, ready] of screens) {
      await page.goto(url);
      await ready(page);
      const box = await page.getByRole('button', { name: 'Sign Out' }).boundingBox();
      found[url] = {
        overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        signOutRight: Math.ceil((box?.x ?? 999) + (box?.width ?? 0)) > 390 ? 1 : 0,
        axe: await judgeScreen(page, { phone: false }),
      };
    }
    expect(found).toEqual(
      Object.fromEntries(
        screens.map(([u]) => [u, { overflow: 0, signOutRight: 0, axe: { light: [], dark: [] } }]),
      ),
    );

    // A table wider than the phone scrolls in its own box and says so (B.7).
    await page.goto('/solutions/mobile-admin/users');
    await page.locator('tbody tr').first().waitFor();
    await page.getByText('Scroll sideways for more columns').first().waitFor();
  }, 300_000);
});
