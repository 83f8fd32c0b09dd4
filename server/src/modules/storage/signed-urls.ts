import type { FastifyRequest } from 'fastify';
import { errors } from 'jose';
import { expiredToken, invalidRequest, invalidSignature } from './errors.ts';

/** What a signed URL may do: download one object, or upload one object (optionally replacing it). */
export type SignedGrant = { op: 'download' } | { op: 'upload'; upsert: boolean; owner: string | null };

/** Signed upload URLs live two hours, as the real service's. */
export const SIGNED_UPLOAD_SECONDS = 7200;
/** The longest a signed download URL may live (one year). */
export const MAX_SIGNED_SECONDS = 365 * 24 * 3600;

export function expiresInSeconds(raw: unknown): number {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_SIGNED_SECONDS)
    throw invalidRequest(`expiresIn must be a whole number of seconds from 1 to ${MAX_SIGNED_SECONDS}`);
  return n;
}

/**
 * A token for exactly one object (`bucket/key`), one operation, until `expiresIn` seconds from now:
 * a JWT signed with the auth service's key. It carries no role, so it is never an access token or
 * API key, and neither of those is ever a storage grant (the `storage_op` claim is required).
 */
export async function signGrant(
  req: FastifyRequest,
  bucket: string,
  key: string,
  grant: SignedGrant,
  expiresIn: number,
): Promise<string> {
  const claims: Record<string, unknown> = { url: `${bucket}/${key}`, storage_op: grant.op };
  if (grant.op === 'upload') Object.assign(claims, { upsert: grant.upsert, owner: grant.owner });
  return req.server.authService.jwt.sign(claims, Math.floor(Date.now() / 1000) + expiresIn);
}

/** Verifies a token against the object and operation of this request; 400 tampered, 403 expired. */
export async function verifyGrant(
  req: FastifyRequest,
  token: unknown,
  bucket: string,
  key: string,
  op: SignedGrant['op'],
): Promise<SignedGrant> {
  if (typeof token !== 'string' || token === '')
    throw invalidSignature('The token query parameter is missing');
  let claims: Record<string, unknown>;
  try {
    claims = await req.server.authService.jwt.verify(token);
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw expiredToken();
    throw invalidSignature();
  }
  if (claims.url !== `${bucket}/${key}` || claims.storage_op !== op)
    throw invalidSignature('The signed URL does not grant this object or operation');
  return op === 'upload'
    ? { op, upsert: claims.upsert === true, owner: typeof claims.owner === 'string' ? claims.owner : null }
    : { op };
}
