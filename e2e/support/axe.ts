import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

interface Axe {
  run: (
    ctx: Document,
    options: { resultTypes: string[]; rules: Record<string, { enabled: boolean }> },
  ) => Promise<{ violations: Violation[] }>;
  /** axe's loaded rules with the impact their metadata fixes (not a public API: absent means none is skipped). */
  _audit?: { rules: { id: string; impact?: string }[] };
}

/** Serious and critical axe-core violations on the page as it is now (notices and colours at rest first). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A toast fading in or out is half transparent, and a control's `transition-colors` is half way
  // between two themes for 150 ms after the stored theme replaces the system's: judge colours only
  // once every finite transition has ended (a spinner's endless one is not waited for).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].every(
        (t) => t.dataset.removed !== 'true' && getComputedStyle(t).opacity === '1',
      ) &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Parsing axe's half megabyte took most of a second per screen under load: once per document.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: Axe }).axe;
    // Only serious and critical violations are judged, and a rule's impact is fixed by its metadata:
    // the rules that can only report minor or moderate ones (region, landmarks, heading order…) are
    // switched off, and only violations get node details. The same violations are found, for about a
    // fifth less renderer CPU and a third less time (bench/results/2026-11-29-ci-time.md).
    const lowOnly = (axe._audit?.rules ?? []).filter((r) => r.impact === 'minor' || r.impact === 'moderate');
    const rules = Object.fromEntries(lowOnly.map((r) => [r.id, { enabled: false }]));
    return (await axe.run(document, { resultTypes: ['violations'], rules })).violations;
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
