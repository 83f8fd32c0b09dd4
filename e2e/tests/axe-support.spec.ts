import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { seriousViolations } from '../support/axe.ts';
import { cleanScreens, screensReport, type Screen } from '../support/screens.ts';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A page with one of each common serious or critical fault, and minor and moderate ones beside them. */
const FAULTY = `<html><body>
  <img src="x.png"><p style="color:#777;background:#888">faint text</p><button></button>
  <div role="bogus">x</div><input type="text"><a href="#"></a><select></select>
  <h1></h1><h3>skipped level</h3><table><tr><th></th></tr></table><ul><p>not a list item</p></ul>
</body></html>`;

/**
 * Readable in the light theme, faint in the dark one (the app's themes hang on the `dark` class of
 * <html>), and a box too wide for a phone that only shows below 600 px.
 */
const THEMED = `<html lang="en"><head><title>Themes</title><style>
  p { color: #111; background: #fff; }
  .dark p { color: #555; background: #444; }
  .wide { display: none; width: 700px; }
  @media (max-width: 600px) { .wide { display: block; } }
</style></head><body><main><h1>Themes</h1><p>some text</p><div class="wide">wide</div></main></body></html>`;

/**
 * seriousViolations skips the axe rules that can only report minor or moderate violations, for speed:
 * it must judge exactly as a full axe run filtered to serious and critical does.
 */
describe('axe support', () => {
  const browser = useBrowser();

  it('finds the same serious and critical violations as a full axe run', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await page.setContent(FAULTY);
    await page.evaluate(axeSource);
    const full = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (d: Document) => Promise<{
              violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
            }>;
          };
        }
      ).axe;
      return (await axe.run(document)).violations;
    });
    const expected = full
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    // The page really has faults of every level, so the comparison means something.
    expect(expected.length).toBeGreaterThanOrEqual(8);
    expect(full.some((v) => v.impact === 'moderate')).toBe(true);
    expect(await seriousViolations(page)).toEqual(expected);
  });

  it('judges a screen in the dark theme and at a phone’s width, not only as it loaded', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await page.route('**/themed', (route) => route.fulfill({ contentType: 'text/html', body: THEMED }));
    const screens: Screen[] = [
      ['themed', 'http://fixture.test/themed', (p) => p.getByText('some text').waitFor()],
    ];
    const report = await screensReport(page, screens);
    expect(report.light).toEqual(cleanScreens(screens).light);
    expect(report.dark.themed).toEqual(['color-contrast: p']);
    expect(report.phone.themed).toBeGreaterThan(0);
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
  });
});
