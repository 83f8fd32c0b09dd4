import type { FastifyRequest } from 'fastify';
import { AuthError } from './errors.ts';
import { apiKeyRole, authenticate, bearerOf, roleOfKey } from './authenticate.ts';

/**
 * Who calls the table API (/rest/v1), as PostgREST would see it: no apikey at all, the anon or
 * service-role key as bearer (or no bearer), a signed-in user, or a bearer that does not verify.
 */
export type TableApiCaller =
  | { kind: 'no-api-key' }
  | { kind: 'anon' }
  | { kind: 'service-role' }
  | { kind: 'user'; userId: string }
  | { kind: 'invalid'; message: string };

export async function tableApiCaller(req: FastifyRequest): Promise<TableApiCaller> {
  const auth = req.server.authService;
  if (!(await apiKeyRole(auth.jwt, req))) return { kind: 'no-api-key' };
  const token = bearerOf(req);
  if (!token) return { kind: 'anon' };
  const role = await roleOfKey(auth.jwt, token);
  if (role === 'anon') return { kind: 'anon' };
  if (role === 'service_role') return { kind: 'service-role' };
  try {
    const { user } = await authenticate(auth.db, auth.jwt, token);
    return { kind: 'user', userId: user.id };
  } catch (err) {
    if (err instanceof AuthError) return { kind: 'invalid', message: err.message };
    throw err;
  }
}
