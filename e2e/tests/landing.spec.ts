import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';

describe('landing page', () => {
  const browser = useBrowser();

  it('shows the three blurbs and Enter Application leads to /signin', async () => {
    const page = await browser.newPage();
    const cspViolations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    await page.goto('/');
    for (const title of ['Secure Banking', 'Le Currency', 'Analytics']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    await page.getByRole('link', { name: 'Enter Application' }).click();
    await page.waitForURL('**/signin');
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(cspViolations).toEqual([]);
  });

  it('renders in the dark theme from the system preference with no flash, and toggles', async () => {
    const page = await browser.newPage({ colorScheme: 'dark' });
    // The class must be set by theme-init.js before any module script runs.
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });

  it('reloads a client deep link and shows the 404 page for an unknown path', async () => {
    const page = await browser.newPage();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200); // the SPA answers; the router renders the 404 page
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const api = await page.request.get('/api/no-such-route');
    expect(api.status()).toBe(404);
    expect(await api.json()).toHaveProperty('error');
  });
});
