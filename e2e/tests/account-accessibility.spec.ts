import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { apiAsUser, storeSession, DEMO } from '../support/auth.ts';
import { cleanScreens, screensReport, type Screen } from '../support/screens.ts';

const table = (caption: string) => (p: Page) => p.getByRole('table', { name: caption }).waitFor();

/** The deposit account screens, with what to wait for before judging each. */
const screens = (savings: string, current: string): Screen[] => [
  ['current manager', '/accounts/current/manager', table('Current Accounts: Manager')],
  ['savings manager', '/accounts/savings/manager', table('Savings Accounts: Manager')],
  ['deposit manager', '/accounts/deposit/manager', table('Fixed Deposits: Manager')],
  [
    'open account',
    '/accounts/savings/manager',
    async (p) => {
      await p.getByRole('button', { name: 'Open account' }).click();
      await p.getByRole('form', { name: 'Open account' }).waitFor();
    },
  ],
  [
    'account panel',
    `/accounts/savings/manager?account=${savings}`,
    (p) => p.getByRole('button', { name: 'Place hold' }).waitFor(),
  ],
  ['closed', '/accounts/savings/closed', table('Closed Savings Accounts')],
  ['od schedule', '/accounts/current/od-schedule', table('Overdraft Schedule')],
  ['interest', '/accounts/savings/interest', table('Savings Accounts: Interest')],
  ['deposit admin', '/accounts/deposit/admin', table('Deposit Administration')],
  [
    'control',
    `/accounts/savings/control?account=${savings}`,
    (p) => p.getByRole('button', { name: 'Place hold' }).waitFor(),
  ],
  [
    'block amount',
    `/transactions/control/block-amount?account=${savings}`,
    (p) => p.getByRole('button', { name: 'Place hold' }).waitFor(),
  ],
  [
    'od limits',
    `/accounts/current/od-limits?account=${current}`,
    (p) => p.getByRole('button', { name: 'Ask for this limit' }).waitFor(),
  ],
];

async function accounts(page: Page): Promise<[string, string]> {
  const one = async (type: string) =>
    (
      await apiAsUser<{ accountNumber: string }[]>(
        page,
        `/api/accounts?type=${type}&status=Active&page=1&pageSize=1`,
      )
    )[0]!.accountNumber;
  return [await one('Savings'), await one('Current')];
}

describe('account screens: axe clean in both themes, usable at 390 px', () => {
  const browser = useBrowser();

  it('no serious or critical violation in either theme, and no screen scrolls sideways at 390 px (wide tables scroll inside their box)', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await storeSession(page, DEMO);
    const list = screens(...(await accounts(page)));
    expect(await screensReport(page, list)).toEqual(cleanScreens(list));
  }, 300_000);
});
