import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumPath } from './chromium.ts';

/** This worker's server of a kind: each worker has its own demo and clean servers (global-setup.ts). */
const workerIndex = () => Math.max(0, Number(process.env.VITEST_POOL_ID ?? 1) - 1);
const ownServer = (urls: string[]) => urls[workerIndex() % urls.length]!;

export const baseURL = () => ownServer(inject('baseURLs'));

/** Each kind of server a page may open on (global-setup.ts says what each holds). */
const serverURL = {
  demo: baseURL,
  clean: () => ownServer(inject('cleanURLs')),
  fresh: () => inject('freshURL'),
  'month-end': () => inject('monthEndURL'),
};

/**
 * This worker's browser. Spec files run one after the other in each worker's one process (`isolate:
 * false`, vitest.config.ts), so the first file launches it and the rest reuse it: a launch costs its
 * processes' start-up each time, and nothing of a test lives in the browser itself, only in its
 * contexts. Playwright kills it when the worker process exits; one that crashed is launched again.
 */
let workerBrowser: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerBrowser = chromium.launch({ executablePath: chromiumPath(), args: inject('chromiumArgs') });
  return workerBrowser;
}

/**
 * The worker's browser for a spec file; each test gets a fresh context (cookies, storage) via
 * `newPage()`, and the file's contexts are closed after it. Console errors and page errors fail loudly
 * in the log, so CSP violations are visible.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  });
  return {
    async newPage(
      options: {
        colorScheme?: 'light' | 'dark';
        viewport?: { width: number; height: number };
        server?: keyof typeof serverURL;
        bypassCSP?: boolean;
      } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('browser not launched');
      const context = await browser.newContext({
        baseURL: serverURL[options.server ?? 'demo'](),
        colorScheme: options.colorScheme ?? 'light',
        viewport: options.viewport ?? { width: 1280, height: 800 },
        acceptDownloads: true,
        // Only for injecting axe-core: the app itself always runs under its CSP.
        bypassCSP: options.bypassCSP ?? false,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
      return page;
    },
  };
}
