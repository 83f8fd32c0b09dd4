import type { FastifyInstance } from 'fastify';
import { AuthError } from './errors.ts';
import { API_INSUFFICIENT_AAL } from './aal.ts';
import { authenticateStaff, roleOfKey, type StaffCaller } from './authenticate.ts';

/**
 * Who a websocket token (the realtime `access_token`) names: a signed-in user with their staff flags
 * and the token's expiry, an API key (which names nobody), or nothing valid. Sessions are checked as
 * for /api: a signed-out or banned user's token is refused even before it expires.
 */
export type SocketCaller =
  | { kind: 'user'; caller: StaffCaller; expiresAt: number }
  | { kind: 'api-key' }
  | { kind: 'invalid'; message: string };

export async function socketCaller(app: FastifyInstance, token: string | undefined): Promise<SocketCaller> {
  const auth = app.authService;
  if (!token) return { kind: 'invalid', message: 'no access token' };
  if (await roleOfKey(auth.jwt, token)) return { kind: 'api-key' };
  try {
    const caller = await authenticateStaff(auth.db, auth.jwt, token);
    if (!caller.aalSatisfied) {
      return {
        kind: 'invalid',
        message: `${API_INSUFFICIENT_AAL.details.code}: ${API_INSUFFICIENT_AAL.message}`,
      };
    }
    const { exp } = (await auth.jwt.verify(token)) as { exp?: number };
    return { kind: 'user', caller, expiresAt: (exp ?? 0) * 1000 };
  } catch (err) {
    if (err instanceof AuthError) {
      return { kind: 'invalid', message: /exp/i.test(err.message) ? 'Token has expired' : err.message };
    }
    throw err;
  }
}

/** True when `key` is one of this server's API keys (the socket's `apikey` parameter). */
export async function isApiKey(app: FastifyInstance, key: string | undefined): Promise<boolean> {
  return !!key && !!(await roleOfKey(app.authService.jwt, key));
}
