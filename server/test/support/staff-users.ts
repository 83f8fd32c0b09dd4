import { sql } from 'drizzle-orm';
import { OFFICER_ROLE_KEY } from '@bankmanager/contracts';
import type { App } from '../../src/app.ts';
import { listen } from './harness.ts';
import { signedUpClient } from './auth-clients.ts';

export interface StaffUser {
  userId: string;
  email: string;
  /** `Authorization` header value for `app.inject`. */
  auth: string;
}

/**
 * Signs a member of staff up through the real /auth/v1 (supabase-js over HTTP) and sets their
 * activation flags directly, as an administrator would. The app must not be listening yet.
 * Activation itself grants no role; an `activated` user here also gets the Officer role, as an
 * approved four-eyes role change would, so tests of other rules keep one ready-made maker.
 */
export async function staffUsers(app: App) {
  const baseUrl = await listen(app);
  async function make(
    kind: 'activated' | 'pending' | 'superuser',
    prefix: string = kind,
  ): Promise<StaffUser> {
    const u = await signedUpClient(baseUrl, app, prefix);
    if (kind !== 'pending') {
      await app.db.execute(
        sql`update staff set approved = true, is_superuser = ${kind === 'superuser'}, approved_at = now() where user_id = ${u.userId}`,
      );
    }
    if (kind === 'activated')
      await app.db.execute(
        sql`insert into staff_roles (user_id, role_id) select ${u.userId}, id from roles where key = ${OFFICER_ROLE_KEY}
            on conflict do nothing`,
      );
    return { userId: u.userId, email: u.id.email, auth: `Bearer ${u.session.access_token}` };
  }
  return { baseUrl, make };
}
