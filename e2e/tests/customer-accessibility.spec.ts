import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customerHref } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo } from '../support/auth.ts';
import { seriousViolations, sidewaysOverflow } from '../support/axe.ts';
import { createPrivateByApi, newPerson } from '../support/customers.ts';

/** Every new customer screen, with what to wait for before judging it. */
const screens = (id: number): [name: string, url: string, ready: (p: Page) => Promise<void>][] => [
  [
    'list',
    '/customers/private',
    (p) => p.getByRole('table', { name: 'Private Customers' }).locator('tbody tr').first().waitFor(),
  ],
  ['create', '/customers/corporate/new', (p) => p.getByLabel('Registered name').waitFor()],
  ['360', customerHref(id), (p) => p.getByRole('tab', { name: 'Details' }).waitFor()],
  ['360 documents', `${customerHref(id)}?tab=documents`, (p) => p.getByText('Upload a document').waitFor()],
  [
    '360 contacts',
    `${customerHref(id)}?tab=contacts`,
    (p) => p.getByRole('form', { name: 'Log a contact' }).waitFor(),
  ],
  [
    '360 audit',
    `${customerHref(id)}?tab=audit`,
    (p) => p.getByRole('table', { name: 'Audit history, newest first' }).waitFor(),
  ],
  [
    'contact',
    `/customers/contact?customer=${id}`,
    (p) => p.getByRole('form', { name: 'Log a contact' }).waitFor(),
  ],
  [
    'profiling',
    `/customers/profiling?customer=${id}`,
    (p) => p.getByRole('button', { name: 'Override the rating' }).waitFor(),
  ],
  ['signatures', `/customers/signatures?customer=${id}`, (p) => p.getByText('Upload a document').waitFor()],
  ['admin', '/customers/admin', (p) => p.getByRole('heading', { name: 'Merge two customers' }).waitFor()],
  ['reports', '/customers/reports', (p) => p.getByRole('heading', { name: 'Customer Reports' }).waitFor()],
];

describe('customer screens: axe clean in both themes, usable at 390 px', () => {
  const browser = useBrowser();

  for (const scheme of ['light', 'dark'] as const)
    it(`no serious or critical violation in the ${scheme} theme`, async () => {
      const page = await browser.newPage({ colorScheme: scheme, bypassCSP: true });
      await signInAsDemo(page);
      const id = await createPrivateByApi(page, newPerson('Mariama'));
      const report: Record<string, string[]> = {};
      for (const [name, url, ready] of screens(id)) {
        await page.goto(url);
        await ready(page);
        report[name] = await seriousViolations(page);
      }
      expect(report).toEqual(Object.fromEntries(screens(id).map(([n]) => [n, []])));
    }, 180_000);

  it('fits a 390 px phone: no screen scrolls sideways (wide tables scroll inside their box)', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAsDemo(page);
    const id = await createPrivateByApi(page, newPerson('Kadiatu'));
    const overflow: Record<string, number> = {};
    for (const [name, url, ready] of screens(id)) {
      await page.goto(url);
      await ready(page);
      overflow[name] = await sidewaysOverflow(page);
    }
    expect(overflow).toEqual(Object.fromEntries(screens(id).map(([n]) => [n, 0])));
  }, 180_000);
});
