// Wire bytes: what a browser really downloads, from Chromium's DevTools protocol (encodedDataLength:
// headers plus the compressed body), per resource type, for the first visit to `/` then `/signin`
// (budget 100 KB, ADR 0017), then the sign-in to /dashboard and two main screens. Beside it, the
// gzip figure of the bundle bench (bench:bundle, read from Vite's manifest), so the two can be compared.
//   npm run bench:wire [-- --no-build] [--list]   (--list: every request and its bytes)    (Debian's Chromium: e2e/support/chromium.ts)
// Exits 1 when `/` then `/signin` is over budget.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchArgs, chromiumPath } from '../e2e/support/chromium.ts';
import { DEMO_ACCOUNT } from '../server/src/modules/auth/demo-account.ts';
import { spawnServer } from '../server/test/support/spawn-server.ts';
import { merge, networkLog, totalOf, type BytesByType } from './wire/network-log.ts';

const BUDGET = 100 * 1024;
const DEMO = DEMO_ACCOUNT.credentials;
const root = path.join(import.meta.dirname, '..');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

// The bundle bench builds the SPA (unless --no-build) and prints its gzip figure; its last line is the journey.
const bundleArgs = process.argv.includes('--no-build') ? ['--no-build'] : [];
const bundleOut = execFileSync(process.execPath, ['scripts/bench-bundle.mjs', ...bundleArgs], {
  cwd: root,
  encoding: 'utf8',
});
const manifestGzip = /\/ then \/signin\s+([\d.]+ KB)/.exec(bundleOut)?.[1] ?? '?';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-wire-'));
const server = await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: await chromiumLaunchArgs() });
const steps: [string, BytesByType][] = [];
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const net = await networkLog(await context.newCDPSession(page), process.argv.includes('--list'));
  /** Waits for what the user waits for, then for the page to stop loading on its own. */
  const step = async (name: string, visible: () => Promise<void>) => {
    await visible();
    await net.settled();
    steps.push([name, net.take()]);
  };

  await step('/', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Enter Application' }).waitFor();
  });
  await step('/signin', async () => {
    await page.getByRole('link', { name: 'Enter Application' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });
  await step('sign-in → /dashboard', async () => {
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  });
  await step('Registered Mobile Banking Users', async () => {
    await navigateInApp(page, '/solutions/mobile-admin/users');
    await page.getByRole('heading', { name: 'Registered Mobile Banking Users' }).waitFor();
    await page.getByText(/^Showing \d/).waitFor();
  });
  await step('Account Enquiry', async () => {
    await navigateInApp(page, '/enquiries/account');
    await page.getByRole('heading', { name: 'Account Enquiry' }).waitFor();
  });
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A client-side navigation, as a menu link makes it: the SPA stays loaded, so only new chunks count. */
async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate(
    `history.pushState({}, '', ${JSON.stringify(to)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

const journey = merge(steps[0]![1], steps[1]![1]);
const types = [...new Set(steps.flatMap(([, s]) => [...s.keys()]))].sort();
const cols = ['step'.padEnd(34), ...types.map((t) => t.padStart(10)), 'total'.padStart(10)];
console.log(`\nbytes on the wire (Chromium, encodedDataLength), ${server.url}`);
console.log(cols.join(' '));
const line = (name: string, s: BytesByType) =>
  console.log(
    [name.padEnd(34), ...types.map((t) => kb(s.get(t) ?? 0).padStart(10)), kb(totalOf(s)).padStart(10)].join(
      ' ',
    ),
  );
for (const [name, s] of steps) line(name, s);
console.log('-'.repeat(cols.join(' ').length));
line('/ then /signin', journey);
const total = totalOf(journey);
console.log(
  `\n/ then /signin: ${kb(total)} on the wire (budget ${kb(BUDGET)}) ${total <= BUDGET ? 'OK' : 'OVER BUDGET'};` +
    ` bench:bundle's gzip JS from the manifest: ${manifestGzip}`,
);
if (total > BUDGET) process.exitCode = 1;
