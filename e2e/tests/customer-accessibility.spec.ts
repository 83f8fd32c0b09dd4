import { describe, expect, it } from 'vitest';
import { customerHref } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport, type Screen } from '../support/screens.ts';
import { createPrivateByApi, newPerson } from '../support/customers.ts';

/** Every new customer screen, with what to wait for before judging it. */
const screens = (id: number): Screen[] => [
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

  it('no serious or critical violation in either theme, and no screen scrolls sideways at 390 px (wide tables scroll inside their box)', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    const list = screens(await createPrivateByApi(page, newPerson('Mariama')));
    expect(await screensReport(page, list)).toEqual(cleanScreens(list));
  }, 300_000);
});
