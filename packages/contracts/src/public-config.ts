import { z } from 'zod';

/**
 * Settings the server hands the SPA inside index.html (a <meta> tag, so no extra round trip
 * and no inline script for the CSP to allow). Nothing secret may ever be added here.
 */
export const publicConfigSchema = z.object({
  version: z.string(),
  /** True when the server holds demo data; the SPA then prefills the demo sign-in. */
  demoData: z.boolean(),
  /**
   * Public anonymous key for /auth/v1 and /rest/v1 (docs/product.md §6). Empty until the auth module
   * registers.
   */
  anonKey: z.string(),
  demoCredentials: z.object({ email: z.string(), password: z.string() }).nullable(),
  idleTimeoutMinutes: z.number().positive(),
  /** How often a signed-in page polls its status while the realtime socket is down (seconds). */
  statusPollSeconds: z.number().positive().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export { PUBLIC_CONFIG_META_NAME } from './public-config-meta.ts';
