import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, forbidden, unauthorized } from '../../lib/http-error.ts';
import { AuthError } from './errors.ts';
import { API_INSUFFICIENT_AAL } from './aal.ts';
import { authenticateStaff, bearerOf, roleOfKey, type StaffCaller } from './authenticate.ts';

/** Who is calling an `/api` route, as the guards establish it. */
export type AuthUser = StaffCaller;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireActivated / requireSuperuser; read it with `currentUser(req)`. */
    authUser?: AuthUser;
  }
}

/**
 * Verifies the bearer access token (signature, expiry, session still existing) and loads the staff
 * flags. An `x-api-key` (the anon key) authenticates nobody. Errors are `/api` errors: 401 `{ error }`.
 */
async function loadUser(req: FastifyRequest): Promise<AuthUser> {
  const auth = req.server.authService;
  let caller: AuthUser;
  try {
    caller = req.authUser ?? (await authenticateStaff(auth.db, auth.jwt, bearerOf(req)));
  } catch (err) {
    if (err instanceof AuthError) {
      throw err.code === 'no_authorization'
        ? unauthorized('Authentication required')
        : unauthorized('Invalid or expired session');
    }
    throw err;
  }
  // A password-only session of a user with a verified factor reaches no /api route (finding 4).
  if (!caller.aalSatisfied) {
    throw new HttpError(403, API_INSUFFICIENT_AAL.message, API_INSUFFICIENT_AAL.details);
  }
  return (req.authUser = caller);
}

/** preHandler: any signed-in user (activation not needed). */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await loadUser(req);
}

/** preHandler: an activated user or a superuser (docs/product.md §6); 403 while pending activation. */
export async function requireActivated(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const u = await loadUser(req);
  if (!u.isActivated && !u.isSuperuser)
    throw forbidden('Your account is awaiting activation by an administrator');
}

/** preHandler: superusers only. */
export async function requireSuperuser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const u = await loadUser(req);
  if (!u.isSuperuser) throw forbidden('Only a superuser may do this');
}

/**
 * preHandler for public `/api` routes (docs/architecture.md): a signed-in user (bearer; sets `authUser`),
 * or else the anon key in `x-api-key`. Nobody else: 401. Never grants more than a public route allows.
 */
export async function requireApiKeyOrUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (bearerOf(req)) {
    await loadUser(req);
    return;
  }
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || !(await roleOfKey(req.server.authService.jwt, key))) {
    throw unauthorized('Authentication required');
  }
}

/** The caller established by a guard; throws 401 when the route has none (a wiring mistake). */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw new HttpError(401, 'Authentication required');
  return req.authUser;
}
