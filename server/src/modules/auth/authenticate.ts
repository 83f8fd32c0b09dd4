import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { authSessions, authUsers, staff } from '../../db/schema/auth.ts';
import { badJwt, noAuthorization, sessionNotFound, userNotFound } from './errors.ts';
import type { AccessClaims, ApiKeyRole, JwtService } from './jwt.ts';
import type { SessionRow } from './sessions.ts';
import type { UserRow } from './users.ts';

export interface Authenticated {
  claims: AccessClaims;
  session: SessionRow;
  user: UserRow;
  /** The user's staff flags (absent only for a user created outside sign-up, before the trigger ran). */
  staff: { approved: boolean; isSuperuser: boolean } | null;
}

export function bearerOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
}

/** The role of a request's `apikey` (header, or query parameter as GoTrue allows), if it is one of ours. */
export async function apiKeyRole(jwt: JwtService, req: FastifyRequest): Promise<ApiKeyRole | undefined> {
  const header = req.headers.apikey;
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.apikey;
  const key = typeof header === 'string' ? header : typeof fromQuery === 'string' ? fromQuery : undefined;
  if (!key) return undefined;
  return roleOfKey(jwt, key);
}

export async function roleOfKey(jwt: JwtService, token: string): Promise<ApiKeyRole | undefined> {
  try {
    const claims = await jwt.verify(token);
    return claims.role === 'anon' || claims.role === 'service_role' ? claims.role : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a user's bearer access token and that its session still exists (signed-out sessions are
 * refused even while the JWT has not expired). Throws GoTrue errors; callers outside /auth/v1 map them.
 */
export async function authenticate(db: Database, jwt: JwtService, token: string | undefined): Promise<Authenticated> {
  if (!token) throw noAuthorization();
  let claims: AccessClaims;
  try {
    claims = (await jwt.verify(token)) as AccessClaims;
  } catch (err) {
    throw badJwt(`invalid JWT: unable to parse or verify signature, ${(err as Error).message}`);
  }
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || typeof claims.session_id !== 'string') {
    throw badJwt('invalid claim: missing sub claim');
  }
  const [row] = await db
    // One round trip for session, user and staff flags: every guarded /api request pays for it.
    .select({ session: authSessions, user: authUsers, staff: { approved: staff.approved, isSuperuser: staff.isSuperuser } })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .leftJoin(staff, eq(staff.userId, authSessions.userId))
    .where(eq(authSessions.id, claims.session_id));
  if (!row) throw sessionNotFound();
  if (row.user.id !== claims.sub) throw userNotFound(403);
  return { claims, session: row.session, user: row.user, staff: row.staff };
}
