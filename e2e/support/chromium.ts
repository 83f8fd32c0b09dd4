import fs from 'node:fs';

/** Debian's Chromium (never a downloaded browser build): CHROMIUM_PATH, else /usr/bin/chromium. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it with: sudo apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to a Chromium/Chrome binary).',
    );
  }
  return candidate;
}

/** Flags for a sandboxed CI machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
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
