import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { signInAsDemo, signInAs } from '../support/auth.ts';
import {
  cleanScreens,
  screensReport,
  type ScreensReport,
  type Screen as JudgedScreen,
} from '../support/screens.ts';
import { SUPERVISOR, TELLER, ensureTill, headOfficeAccount } from '../support/teller.ts';

type Screen = [
  name: string,
  who: 'teller' | 'supervisor' | 'admin',
  url: string,
  ready: (p: Page) => Promise<void>,
];
const table = (caption: string) => (p: Page) => p.getByRole('table', { name: caption }).waitFor();

/** The teller's screens, with what to wait for before judging each. */
const screens = (account: string): Screen[] => [
  [
    'counter',
    'teller',
    '/transactions/teller/home',
    (p) => p.getByRole('button', { name: 'Cash deposit (D)' }).waitFor(),
  ],
  [
    'deposit with the account',
    'teller',
    '/transactions/teller/home',
    async (p) => {
      await p.getByRole('button', { name: 'Cash deposit (D)' }).click();
      await p.getByLabel('Account number', { exact: true }).fill(account);
      await p.getByRole('button', { name: 'Find' }).click();
      await p.getByRole('region', { name: 'Account at the counter' }).waitFor();
      await p.getByLabel('Amount', { exact: true }).fill('2500');
    },
  ],
  [
    'loan disbursement in cash',
    'teller',
    '/transactions/teller/home',
    async (p) => {
      await p.getByRole('button', { name: 'Loan disbursement (O)' }).click();
      await p.getByRole('region', { name: 'Loan disbursement' }).waitFor();
    },
  ],
  [
    'closing count',
    'teller',
    '/transactions/teller/home',
    async (p) => {
      await p.getByRole('button', { name: 'Close the till (C)' }).click();
      await p.getByRole('table', { name: 'Closing count by denomination' }).waitFor();
    },
  ],
  ['branch tills', 'supervisor', '/transactions/teller/tills', table('Till sessions of the branch')],
  ['proof report', 'supervisor', '/transactions/proof/report', table("Each teller's day")],
  [
    'daily differences',
    'supervisor',
    '/transactions/proof/daily-diff',
    table('Shortages and overages per day'),
  ],
  ['branch differences', 'supervisor', '/transactions/proof/branch-diff', table('Branch differences')],
  [
    'cash transaction reports',
    'admin',
    '/reports/ctr',
    table(
      'Cash in or out of one customer on one business day, across accounts and branches, at or above the reporting threshold',
    ),
  ],
];

async function signedIn(
  browser: ReturnType<typeof useBrowser>,
  options: Parameters<ReturnType<typeof useBrowser>['newPage']>[0],
) {
  const teller = await browser.newPage(options);
  const supervisor = await browser.newPage(options);
  const admin = await browser.newPage(options);
  await signInAsDemo(admin);
  await signInAs(teller, TELLER);
  await signInAs(supervisor, SUPERVISOR);
  await ensureTill(teller);
  return { teller, supervisor, admin, account: await headOfficeAccount(teller) };
}

describe('teller screens: axe clean in both themes, usable at 390 px', () => {
  const browser = useBrowser();

  it('no serious or critical violation in either theme, and no screen scrolls sideways at 390 px (wide tables scroll inside their box)', async () => {
    const pages = await signedIn(browser, { bypassCSP: true });
    const list = screens(pages.account);
    const judged = (who?: Screen[1]) =>
      list
        .filter(([, w]) => !who || w === who)
        .map(([name, , url, ready]): JudgedScreen => [name, url, ready]);
    const report: ScreensReport = { light: {}, dark: {}, phone: {} };
    for (const who of ['teller', 'supervisor', 'admin'] as const) {
      const part = await screensReport(pages[who], judged(who));
      for (const kind of ['light', 'dark', 'phone'] as const) Object.assign(report[kind], part[kind]);
    }
    expect(report).toEqual(cleanScreens(judged()));
  }, 300_000);

  it('Branch Tills fits a 1440 px screen: every column shows, the Journal button included, and amounts keep to one line', async () => {
    const pages = await signedIn(browser, { viewport: { width: 1440, height: 900 } });
    const page = pages.supervisor;
    await page.goto('/transactions/teller/tills');
    const table = page.getByRole('table', { name: 'Till sessions of the branch' });
    await table.waitFor();
    await page
      .getByRole('button', { name: /^Journal of / })
      .first()
      .waitFor();
    const fit = await table.evaluate((t) => {
      const box = t.parentElement!;
      // One line: every text box of the cell's contents starts at the same height.
      const amounts = [...t.querySelectorAll('td.tabular-nums')].map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1;
      });
      return {
        widths: [box.scrollWidth, box.clientWidth],
        scrolls: box.scrollWidth > box.clientWidth + 1,
        oneLine: amounts.every(Boolean),
        n: amounts.length,
      };
    });
    expect(fit.n).toBeGreaterThan(0);
    expect(fit).toMatchObject({ scrolls: false, oneLine: true });
  }, 180_000);
});
