import { createHash, randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authOneTimeTokens } from '../../db/schema/auth.ts';
import { otpExpired } from './errors.ts';

export type OtpType =
  | 'signup'
  | 'recovery'
  | 'magiclink'
  | 'invite'
  | 'reauthentication'
  | 'email_change'
  // Secure e-mail change (finding 5): one code to the current address, one to the new; both needed.
  | 'email_change_current'
  | 'email_change_new';

/** GoTrue's token_hash: sha256(email + code), hex. The same row answers a typed code and a link. */
export const otpHash = (email: string, code: string): string =>
  createHash('sha256')
    .update(email.toLowerCase() + code)
    .digest('hex');

/** Which stored token types a `/verify` type accepts (`email` is the generic e-mail OTP). */
const ACCEPTS: Record<string, OtpType[]> = {
  signup: ['signup'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  invite: ['invite'],
  email_change: ['email_change', 'email_change_current', 'email_change_new'],
  email: ['signup', 'magiclink', 'invite'],
};

export const isVerifyType = (t: string): boolean => t in ACCEPTS;

/** Issues a 6-digit code for the user, replacing any earlier one of the same type. */
export async function issueOtp(tx: Database, userId: string, type: OtpType, email: string) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const tokenHash = otpHash(email, code);
  await tx
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.type, type)));
  await tx.insert(authOneTimeTokens).values({ userId, type, tokenHash, email });
  return { code, tokenHash };
}

/** Finds and deletes the token; 403 otp_expired when it is unknown, of another type, or too old. */
export async function consumeOtp(tx: Database, verifyType: string, tokenHash: string, expirySeconds: number) {
  const types = ACCEPTS[verifyType] ?? [];
  if (types.length === 0) throw otpExpired();
  const [row] = await tx
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.tokenHash, tokenHash), inArray(authOneTimeTokens.type, types)))
    .returning();
  if (!row || Date.now() - row.createdAt.getTime() > expirySeconds * 1000) throw otpExpired();
  return row;
}

/** Reauthentication codes are checked (and used up) by PUT /user with `nonce`. */
export async function consumeReauthNonce(
  tx: Database,
  userId: string,
  email: string,
  nonce: string,
  expirySeconds: number,
) {
  const [row] = await tx
    .delete(authOneTimeTokens)
    .where(
      and(
        eq(authOneTimeTokens.userId, userId),
        eq(authOneTimeTokens.type, 'reauthentication'),
        eq(authOneTimeTokens.tokenHash, otpHash(email, nonce)),
      ),
    )
    .returning();
  if (!row || Date.now() - row.createdAt.getTime() > expirySeconds * 1000) throw otpExpired();
}
