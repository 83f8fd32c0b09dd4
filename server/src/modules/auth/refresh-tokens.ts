import { createHash, createHmac, randomBytes } from 'node:crypto';

/** Refresh tokens are opaque; only their SHA-256 is stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const newRefreshToken = (): string => randomBytes(24).toString('base64url');

/**
 * The child of a refresh token is derived from it with a server secret. Storing only hashes, the
 * server can still answer a concurrent refresh (a revoked parent within the reuse interval) with the
 * session's current token: it walks parent → child → … from the token the client presented.
 */
export const childOf = (secret: Buffer, token: string): string =>
  createHmac('sha256', secret).update(token).digest('base64url').slice(0, 32);
