import type { FastifyRequest } from 'fastify';
import { AuthError } from './errors.ts';
import { apiKeyRole, authenticate, bearerOf, roleOfKey } from './authenticate.ts';
import { requireAal2WhenEnrolled } from './aal.ts';

/**
 * Who calls the table API (/rest/v1), as PostgREST would see it: no apikey at all, the anon or
 * service-role key as bearer (or no bearer), a signed-in user, or a bearer that does not verify.
 */
export type TableApiCaller =
  | { kind: 'no-api-key' }
  | { kind: 'anon' }
  | { kind: 'service-role' }
  | { kind: 'user'; userId: string }
  | { kind: 'invalid'; message: string }
  /** A user with a verified factor whose session has not passed it (aal1). */
  | { kind: 'insufficient-aal'; message: string };

export async function tableApiCaller(req: FastifyRequest): Promise<TableApiCaller> {
  const auth = req.server.authService;
  if (!(await apiKeyRole(auth.jwt, req))) return { kind: 'no-api-key' };
  const token = bearerOf(req);
  if (!token) return { kind: 'anon' };
  const role = await roleOfKey(auth.jwt, token);
  if (role === 'anon') return { kind: 'anon' };
  if (role === 'service_role') return { kind: 'service-role' };
  try {
    const { user, session } = await authenticate(auth.db, auth.jwt, token);
    await requireAal2WhenEnrolled(auth.db, user.id, session);
    return { kind: 'user', userId: user.id };
  } catch (err) {
    if (err instanceof AuthError && err.code === 'insufficient_aal')
      return { kind: 'insufficient-aal', message: err.message };
    if (err instanceof AuthError) return { kind: 'invalid', message: err.message };
    throw err;
  }
}
