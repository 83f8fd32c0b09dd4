import fs from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * Debian's Chromium, never a downloaded browser build: CHROMIUM_PATH, else Debian's headless shell
 * (`chromium-headless-shell`), else the full browser (`chromium`). The shell is the same engine without
 * the browser's windows and UI, the build Playwright itself runs headless tests on: over the same five
 * spec files, four interleaved rounds, the machine's CPU was 99–123 s against 131–144 s for the full
 * browser, every test passing (bench/results/2026-12-01-ci-headless-shell.md).
 */
const CHROMIUM_CANDIDATES = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];

export function chromiumPath(): string {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : CHROMIUM_CANDIDATES;
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) {
    throw new Error(
      `Chromium not found at ${candidates.join(' or ')}. Install it with: ` +
        'sudo apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH to a Chromium/Chrome binary).',
    );
  }
  return found;
}

/** Flags for a sandboxed CI machine with no network beyond loopback. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Each new context opens a window whose omnibox popups are WebUI pages: two renderers that load and
 * run for nothing in a headless test. Off, the browser's CPU over the same three specs fell from
 * 42–49 s to 31–43 s, medians 46.4 and 35.6 (six interleaved runs each,
 * bench/results/2026-11-30-ci-time.md).
 */
const IDLE_WEBUI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * The `--disable-features` Playwright passes, read from the command line of a browser it launched
 * (Linux /proc); null where that cannot be read.
 */
async function playwrightDisabledFeatures(): Promise<string[] | null> {
  if (process.platform !== 'linux') return null;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let stat: string;
      let argv: string[];
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      } catch {
        continue; // gone, or not ours to read
      }
      const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parentPid !== process.pid || !argv.includes('--remote-debugging-pipe')) continue;
      const flag = argv.find((a) => a.startsWith('--disable-features='));
      return flag ? flag.slice('--disable-features='.length).split(',') : [];
    }
    return null;
  } finally {
    await browser.close();
  }
}

/**
 * CHROMIUM_ARGS plus the idle WebUI features turned off. Chromium keeps only the last
 * `--disable-features` it is given, so ours repeats Playwright's own list (its reasons are in its
 * source: CORS redirects under interception, paint holding, HTTPS upgrades…); where that list cannot
 * be read, Playwright's stands alone. Called once per run (the e2e global setup, a bench).
 */
export async function chromiumLaunchArgs(): Promise<string[]> {
  const theirs = await playwrightDisabledFeatures();
  if (theirs === null) return CHROMIUM_ARGS;
  return [...CHROMIUM_ARGS, `--disable-features=${[...theirs, ...IDLE_WEBUI_FEATURES].join(',')}`];
}
