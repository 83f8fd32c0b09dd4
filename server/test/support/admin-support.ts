import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';

/** The password every test identity gets (auth-clients.ts newIdentity). */
export const TEST_PASSWORD = 'correct-horse-1';

export function adminClient(app: App) {
  const inject = (method: 'GET' | 'POST', url: string, auth?: string) =>
    app.inject({ method, url, headers: auth ? { authorization: auth } : {} });
  return {
    get: (url: string, auth?: string) => inject('GET', url, auth),
    post: (url: string, auth?: string) => inject('POST', url, auth),
    act: (id: string, action: string, auth?: string) =>
      inject('POST', `/api/admin/staff/${id}/${action}`, auth),
    /** A password sign-in through /auth/v1, as supabase-js sends it. */
    signIn: (email: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { apikey: app.authService.anonKey, 'content-type': 'application/json' },
        payload: { email, password: TEST_PASSWORD },
      }),
  };
}

export interface AuditRecord extends Record<string, unknown> {
  id: number;
  action: string;
  actor_id: string | null;
  target_id: string | null;
  outcome: string;
  details: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null } & Record<
    string,
    unknown
  >;
}

export async function lastAudit(app: App, action: string): Promise<AuditRecord | undefined> {
  const [row] = await queryRows<AuditRecord>(
    app.db,
    sql`select id, action, actor_id, target_id, outcome, details from audit_log where action = ${action} order by id desc limit 1`,
  );
  return row;
}
