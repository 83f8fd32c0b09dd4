import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Serious and critical axe-core violations on the page as it is now (notices at rest first). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A toast fading in or out is half transparent: judge colours only once notices are at rest.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].every(
      (t) => t.dataset.removed !== 'true' && getComputedStyle(t).opacity === '1',
    ),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * How far the page's <main> reaches past a 390 px phone's width or scrolls sideways (0 when it fits;
 * wide tables scroll inside their own box).
 */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    return Math.max(0, main.scrollWidth - main.clientWidth, main.getBoundingClientRect().right - 390);
  });
}
