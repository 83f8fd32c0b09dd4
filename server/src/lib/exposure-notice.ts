import type { Config } from '../config.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * With demo data on, the server listens on loopback only by default: the page carries the demo
 * superuser's credentials. Says so at start-up, and how to expose it on purpose.
 */
export function exposureNotice(config: Pick<Config, 'demoData' | 'host'>): string | undefined {
  if (!config.demoData || !LOOPBACK.has(config.host)) return undefined;
  return (
    `Listening on ${config.host} only: demo data is on and the sign-in page shows the demo account. ` +
    'To let other machines in on purpose, set HOST=0.0.0.0 (anyone who can reach it can sign in as the demo superuser).'
  );
}
