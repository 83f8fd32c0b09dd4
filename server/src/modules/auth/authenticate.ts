import { eq, sql } from 'drizzle-orm';
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

/** Verifies a user access token's signature, expiry and claims (not yet its session). */
async function verifyAccessToken(jwt: JwtService, token: string | undefined): Promise<AccessClaims> {
  if (!token) throw noAuthorization();
  let claims: AccessClaims;
  try {
    claims = (await jwt.verify(token)) as AccessClaims;
  } catch (err) {
    throw badJwt(`invalid JWT: unable to parse or verify signature, ${(err as Error).message}`);
  }
  if (
    claims.role !== 'authenticated' ||
    typeof claims.sub !== 'string' ||
    typeof claims.session_id !== 'string'
  ) {
    throw badJwt('invalid claim: missing sub claim');
  }
  return claims;
}

/**
 * Verifies a user's bearer access token and that its session still exists (signed-out sessions are
 * refused even while the JWT has not expired). Throws GoTrue errors; callers outside /auth/v1 map them.
 */
export async function authenticate(
  db: Database,
  jwt: JwtService,
  token: string | undefined,
): Promise<Authenticated> {
  const claims = await verifyAccessToken(jwt, token);
  const [row] = await db
    .select({ session: authSessions, user: authUsers })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(eq(authSessions.id, claims.session_id));
  if (!row) throw sessionNotFound();
  if (row.user.id !== claims.sub) throw userNotFound(403);
  return { claims, session: row.session, user: row.user };
}

export interface StaffCaller {
  userId: string;
  email: string;
  sessionId: string;
  isActivated: boolean;
  isSuperuser: boolean;
  /** False when the user has a verified factor but this session has not passed it (aal1). */
  aalSatisfied: boolean;
  /**
   * Permissions of the caller's live roles, read from the database on this request (ADR 0015): a
   * token or user_metadata cannot add one, and a revocation counts from the next request.
   */
  permissions: readonly string[];
  /** The staff member's home branch (null when none is set). */
  homeBranch: string | null;
}

// Every guarded /api request runs this: one prepared round trip for the session, the user's e-mail and
// the staff flags, with only the columns the guards need (the full rows cost a third more).
const staffCallerQuery = (db: Database) =>
  db
    .select({
      sessionId: authSessions.id,
      userId: authSessions.userId,
      email: authUsers.email,
      approved: staff.approved,
      isSuperuser: staff.isSuperuser,
      aal: authSessions.aal,
      // A verified factor makes aal2 mandatory (docs/security.md, finding 4); one indexed probe in the
      // same trip.
      hasVerifiedFactor: sql<boolean>`exists (select 1 from auth_mfa_factors f where f.user_id = ${authSessions.userId} and f.status = 'verified')`,
      homeBranch: staff.homeBranch,
      // Kept equal to the live roles' permissions by triggers (migration staff_permissions_sync).
      permissions: staff.permissions,
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .leftJoin(staff, eq(staff.userId, authSessions.userId))
    .where(eq(authSessions.id, sql.placeholder('sessionId')))
    .prepare('bm_staff_caller');
const prepared = new WeakMap<Database, ReturnType<typeof staffCallerQuery>>();

/** As `authenticate`, for the /api guards: who is calling and their activation flags. */
export async function authenticateStaff(
  db: Database,
  jwt: JwtService,
  token: string | undefined,
): Promise<StaffCaller> {
  const claims = await verifyAccessToken(jwt, token);
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = staffCallerQuery(db)));
  const [row] = await query.execute({ sessionId: claims.session_id });
  if (!row) throw sessionNotFound();
  if (row.userId !== claims.sub) throw userNotFound(403);
  return {
    userId: row.userId,
    email: row.email ?? '',
    sessionId: row.sessionId,
    isActivated: row.approved ?? false,
    isSuperuser: row.isSuperuser ?? false,
    aalSatisfied: row.aal === 'aal2' || !row.hasVerifiedFactor,
    // A pending account has no permissions whatever its roles say: activation comes first.
    permissions: row.approved || row.isSuperuser ? parseTextArray(row.permissions) : [],
    homeBranch: row.homeBranch ?? null,
  };
}

/** node-postgres parses text[]; PGlite too, but a driver that hands back `{a,b}` text is read as well. */
function parseTextArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('{') && v.endsWith('}'))
    return v.length > 2
      ? v
          .slice(1, -1)
          .split(',')
          .map((p) => p.replace(/^"|"$/g, ''))
      : [];
  return [];
}
