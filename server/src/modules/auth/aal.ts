import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authMfaFactors } from '../../db/schema/auth.ts';
import { AuthError } from './errors.ts';
import type { SessionRow } from './sessions.ts';

/**
 * Authenticator assurance (docs/security.md, finding 4). Once a user has a verified factor, a password alone
 * (aal1) is not enough: `/api`, `/rest/v1` and the sensitive `/auth/v1` changes need a session that
 * has passed the second factor (aal2). The session row, not the token's claim, is the authority.
 */

/** GoTrue's error: 403 `insufficient_aal`. */
export const insufficientAal = (message = 'AAL2 session is required when MFA is enabled') =>
  new AuthError(403, 'insufficient_aal', message);

/** The code `/api` answers in `details.code` (the `{ error, details }` shape) for the same refusal. */
export const API_INSUFFICIENT_AAL = {
  message: 'Second factor required: enter the code from your authenticator app',
  details: { code: 'insufficient_aal' },
} as const;

export async function hasVerifiedFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authMfaFactors.id })
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.userId, userId), eq(authMfaFactors.status, 'verified')))
    .limit(1);
  return row !== undefined;
}

/** Throws `insufficient_aal` when the user has a verified factor and this session is only aal1. */
export async function requireAal2WhenEnrolled(
  db: Database,
  userId: string,
  session: Pick<SessionRow, 'aal'>,
  message?: string,
): Promise<void> {
  if (session.aal === 'aal2') return;
  if (await hasVerifiedFactor(db, userId)) throw insufficientAal(message);
}
