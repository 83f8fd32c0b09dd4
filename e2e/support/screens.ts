import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';

/** A screen to judge: its name, its URL and what to wait for before judging it. */
export type Screen = [name: string, url: string, ready: (p: Page) => Promise<void>];

/** Each screen's serious or critical axe violations (a clean run is every name mapped to []). */
export async function axeReport(page: Page, screens: readonly Screen[]): Promise<Record<string, string[]>> {
  const report: Record<string, string[]> = {};
  for (const [name, url, ready] of screens) {
    await page.goto(url);
    await ready(page);
    report[name] = await seriousViolations(page);
  }
  return report;
}

/** How far each screen's main area scrolls sideways at the page's width (0 everywhere when it fits). */
export async function overflowReport(
  page: Page,
  screens: readonly Screen[],
  width = 390,
): Promise<Record<string, number>> {
  const overflow: Record<string, number> = {};
  for (const [name, url, ready] of screens) {
    await page.goto(url);
    await ready(page);
    overflow[name] = await page.evaluate((w) => {
      const main = document.querySelector('main')!;
      return Math.max(0, main.scrollWidth - main.clientWidth, main.getBoundingClientRect().right - w);
    }, width);
  }
  return overflow;
}

/** What a clean report looks like for these screens. */
export const cleanOf = <T>(screens: readonly Screen[], value: T) =>
  Object.fromEntries(screens.map(([n]) => [n, value]));
