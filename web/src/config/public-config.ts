import { PUBLIC_CONFIG_META_NAME } from '@bankmanager/contracts/public-config-meta';
import type { PublicConfig } from '@bankmanager/contracts/public-config';

const FALLBACK: PublicConfig = {
  version: 'dev',
  demoData: false,
  anonKey: '',
  demoCredentials: null,
  idleTimeoutMinutes: 15,
};

/**
 * Shape check without zod: this module is in the entry chunk, and zod would cost ~20 KB gzip on the
 * landing page (docs/decisions/0004-web-bundle-budget.md). It mirrors `publicConfigSchema` in the contracts.
 */
function isPublicConfig(v: unknown): v is PublicConfig {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const creds = o.demoCredentials;
  const credsOk =
    creds === null ||
    (typeof creds === 'object' &&
      typeof (creds as Record<string, unknown>).email === 'string' &&
      typeof (creds as Record<string, unknown>).password === 'string');
  return (
    typeof o.version === 'string' &&
    typeof o.demoData === 'boolean' &&
    typeof o.anonKey === 'string' &&
    credsOk &&
    typeof o.idleTimeoutMinutes === 'number' &&
    o.idleTimeoutMinutes > 0
  );
}

/**
 * The server's public settings, read from the <meta> tag it puts into index.html. Without a server
 * (Vite dev without proxy, unit tests) safe defaults apply.
 */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const raw = doc.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)?.content;
  if (!raw) return FALLBACK;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isPublicConfig(parsed)) return parsed;
  } catch {
    /* fall through */
  }
  console.error('Invalid server configuration in index.html');
  return FALLBACK;
}

export const publicConfig = readPublicConfig();
