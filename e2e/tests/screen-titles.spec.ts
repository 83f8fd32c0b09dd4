import { describe, expect, it } from 'vitest';
import { findMenuEntry } from '@bankmanager/contracts/menu';
import { paths, PUBLIC_PATHS } from '../../web/src/config/paths.ts';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo } from '../support/auth.ts';

/** Every screen the router has a route for, without parameters (the app's own paths table). */
function routedPaths(): string[] {
  const flat = (v: unknown): string[] =>
    typeof v === 'string'
      ? [v]
      : Array.isArray(v) || (v && typeof v === 'object')
        ? Object.values(v).flatMap(flat)
        : [];
  const all = [
    ...flat(paths).filter((p) => p.startsWith('/')),
    ...paths.customerKinds.flatMap((k) => [`/customers/${k}`, `/customers/${k}/new`]),
    ...paths.productScreens.map((s) => `/products/${s}`),
    ...paths.proofScreens.map((s) => `/transactions/proof/${s}`),
  ];
  // Public pages set their own titles (their tests check them); /dashboards redirects; the MFA code
  // screen is for a password-only session, which the demo superuser's is not.
  const skip = new Set([...PUBLIC_PATHS, paths.dashboards, paths.mfaChallenge, paths.landing]);
  return [...new Set(all)].filter((p) => !p.includes(':') && !skip.has(p)).sort();
}

/**
 * Each screen names its browser tab: its menu entry's name unless it has a more telling one of its own,
 * never the bare product name (a tab strip of "BankManager" tells nothing apart).
 */
describe('screen titles', () => {
  const browser = useBrowser();

  it('every routed screen sets its own title', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page);
    const wrong: Record<string, string> = {};
    let previous = '';
    for (const path of routedPaths()) {
      // Client-side navigation, as a menu click does: no reload per screen, so a screen that set no
      // title would keep the one before it.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const menuName = findMenuEntry(path)?.item.name;
      const menuTitle = menuName === undefined ? undefined : `${menuName} – BankManager`;
      // The screen's own title is set after its heading renders; wait until it moved on from the last.
      await page
        .waitForFunction((last) => document.title !== last, previous, { timeout: 5_000 })
        .catch(() => undefined);
      const title = await page.title();
      if (title === 'BankManager' || (title === previous && title !== menuTitle)) wrong[path] = title;
      previous = title;
    }
    expect(wrong).toEqual({});
  }, 180_000);
});
