import type { Database } from '../../db/client.ts';
import { AuthError } from './errors.ts';
import { consumeReauthNonce } from './one-time-tokens.ts';
import type { AuthService } from './service.ts';
import type { SessionRow } from './sessions.ts';
import type { UserRow } from './users.ts';

/**
 * GoTrue's secure password change (docs/security.md, finding 5): a stolen access token alone must not be
 * able to set a new password. `PUT /user { password }` needs the `nonce` mailed by
 * `GET /reauthenticate`, unless the session signed in within `AUTH_REAUTH_WINDOW_MINUTES`
 * (the user has just typed the password, or just followed a recovery link).
 */
export const reauthenticationNeeded = () =>
  new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
export const reauthenticationNotValid = () =>
  new AuthError(422, 'reauthentication_not_valid', 'Verification code is invalid or expired');

export function signedInRecently(session: Pick<SessionRow, 'createdAt'>, windowMinutes: number): boolean {
  return Date.now() - session.createdAt.getTime() < windowMinutes * 60_000;
}

/** Throws unless the password change is allowed; uses the nonce up when one is given. */
export async function requireReauthentication(
  auth: AuthService,
  user: UserRow,
  session: SessionRow,
  nonce: string | undefined,
): Promise<void> {
  if (nonce === undefined) {
    if (signedInRecently(session, auth.config.auth.reauthWindowMinutes)) return;
    throw reauthenticationNeeded();
  }
  // The nonce is a 6-digit code: wrong ones are counted per user like every other code guess.
  await auth.limitGuesses(`reauth:${user.id}`, () =>
    auth.db.transaction(async (tx: Database) => {
      try {
        await consumeReauthNonce(tx, user.id, user.email ?? '', nonce, auth.config.auth.otpExpirySeconds);
      } catch (err) {
        if (err instanceof AuthError) throw reauthenticationNotValid();
        throw err;
      }
    }),
  );
}
