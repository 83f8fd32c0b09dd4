import type { Page } from 'playwright-core';
import { seriousViolations, sidewaysOverflow } from './axe.ts';

/** A screen to judge: its name, its URL and what to wait for before judging it. */
export type Screen = [name: string, url: string, ready: (p: Page) => Promise<void>];

/** Every screen's name mapped to `value`. */
const cleanOf = <T>(screens: readonly Screen[], value: T) =>
  Object.fromEntries(screens.map(([n]) => [n, value]));

/** Every screen judged in both themes and, unless left out, at a phone's width. */
export interface ScreensReport {
  light: Record<string, string[]>;
  dark: Record<string, string[]>;
  phone: Record<string, number>;
}

/**
 * Opens each screen once and judges it three ways: axe in the light theme, axe in the dark theme, and
 * how far it reaches past a 390 px phone. One opening and one sign-in serve all three, where three
 * signed-in pages each loading every screen did the same work three times over.
 *
 * The page is the app's ordinary one at desktop width (opened with `bypassCSP` for axe). The theme is
 * switched the way the app applies one (the `dark` class and `color-scheme` on <html>, which every
 * colour follows): a signed-in user's theme comes from their profile, so a browser preferring dark
 * does not make the demo user's screens dark once that profile says light.
 */
export async function screensReport(
  page: Page,
  screens: readonly Screen[],
  { phone = true }: { phone?: boolean } = {},
): Promise<ScreensReport> {
  const report: ScreensReport = { light: {}, dark: {}, phone: {} };
  for (const [i, [name, url, ready]] of screens.entries()) {
    if (i === 0) await page.goto(url);
    else await navigateInApp(page, url);
    await ready(page);
    const judged = await judgeScreen(page, { phone });
    report.light[name] = judged.light;
    report.dark[name] = judged.dark;
    if (phone) report.phone[name] = judged.phone!;
  }
  return report;
}

/**
 * Opens `url` the way a menu link does, in the document already loaded: the app and axe-core are
 * parsed once per report instead of once per screen (about 0.7 s of Chromium's CPU a screen). The
 * router's not-found page comes in between, so the previous screen is gone before `ready` looks for
 * the new one: two screens of one route (tabs) cannot be mistaken for each other.
 */
async function navigateInApp(page: Page, url: string): Promise<void> {
  const push = (to: string) =>
    page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  await push('/__e2e/between-screens');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await push(url);
}

/** What a clean `screensReport` looks like. */
export const cleanScreens = (screens: readonly Screen[], { phone = true }: { phone?: boolean } = {}) => ({
  light: cleanOf(screens, []),
  dark: cleanOf(screens, []),
  phone: phone ? cleanOf(screens, 0) : {},
});

/** The screen on the page as it stands, judged as `screensReport` judges each of its screens. */
export async function judgeScreen(
  page: Page,
  { phone = true }: { phone?: boolean } = {},
): Promise<{ light: string[]; dark: string[]; phone?: number }> {
  await showTheme(page, 'light');
  const light = await seriousViolations(page);
  await showTheme(page, 'dark');
  const dark = await seriousViolations(page);
  await showTheme(page, 'light');
  return phone ? { light, dark, phone: await overflowAtPhoneWidth(page) } : { light, dark };
}

/** What a clean `judgeScreen` looks like. */
export const CLEAN_SCREEN = { light: [], dark: [], phone: 0 } as const;

async function showTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((t) => {
    const root = document.documentElement;
    root.classList.toggle('dark', t === 'dark');
    root.style.colorScheme = t;
  }, theme);
}

/** The page's sideways overflow at 390 × 844, then back to its own size. */
async function overflowAtPhoneWidth(page: Page): Promise<number> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    // What sizes itself from a ResizeObserver (charts) settles a frame or two after the resize: give a
    // screen that fits the moment to show it; one that does not is reported as it stands.
    await page
      .waitForFunction(
        () => {
          const main = document.querySelector('main');
          return !!main && main.scrollWidth <= main.clientWidth && main.getBoundingClientRect().right <= 390;
        },
        undefined,
        { timeout: 2_000 },
      )
      .catch(() => undefined);
    return await sidewaysOverflow(page);
  } finally {
    await page.setViewportSize(size);
  }
}
