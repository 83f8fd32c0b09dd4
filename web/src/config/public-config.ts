import { PUBLIC_CONFIG_META_NAME, publicConfigSchema, type PublicConfig } from '@bankmanager/contracts';

const FALLBACK: PublicConfig = {
  version: 'dev',
  demoData: false,
  anonKey: '',
  demoCredentials: null,
  idleTimeoutMinutes: 15,
};

/**
 * The server's public settings, read from the <meta> tag it puts into index.html (validated with
 * the contracts schema). Without a server (Vite dev without proxy, unit tests) safe defaults apply.
 */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const raw = doc.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)?.content;
  if (!raw) return FALLBACK;
  const parsed = publicConfigSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    console.error('Invalid server configuration in index.html', parsed.error);
    return FALLBACK;
  }
  return parsed.data;
}

export const publicConfig = readPublicConfig();
