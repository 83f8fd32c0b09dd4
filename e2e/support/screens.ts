import type { Page } from 'playwright-core';
import { seriousViolations, sidewaysOverflow } from './axe.ts';

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

/** How far each screen's main area reaches past a 390 px phone or scrolls sideways (0 when it fits). */
export async function overflowReport(
  page: Page,
  screens: readonly Screen[],
): Promise<Record<string, number>> {
  const overflow: Record<string, number> = {};
  for (const [name, url, ready] of screens) {
    await page.goto(url);
    await ready(page);
    overflow[name] = await sidewaysOverflow(page);
  }
  return overflow;
}

/** What a clean report looks like for these screens. */
export const cleanOf = <T>(screens: readonly Screen[], value: T) =>
  Object.fromEntries(screens.map(([n]) => [n, value]));
