import { createHash, randomBytes, randomInt } from 'node:crypto';
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

/** How a typed 6-digit code is stored: sha256(email + code), hex. Never accepted as a token_hash. */
export const otpHash = (email: string, code: string): string =>
  createHash('sha256')
    .update(email.toLowerCase() + code)
    .digest('hex');

/**
 * How a link token is stored. The token itself (GoTrue's `token_hash`, in the link and in
 * generate_link's `hashed_token`) is 160 random bits, independent of the code: knowing the address and
 * guessing the code gives nothing to present as a token_hash. The NUL prefix keeps the two hash spaces
 * apart (an e-mail address never starts with NUL).
 */
export const linkHash = (token: string): string =>
  createHash('sha256').update(`\u0000link\u0000${token}`).digest('hex');

/** Which stored token types a `/verify` type accepts (`email` is the generic e-mail OTP). */
const ACCEPTS: Record<string, OtpType[]> = {
  signup: ['signup'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  invite: ['invite'],
  email_change: ['email_change', 'email_change_current', 'email_change_new'],
  email: ['signup', 'magiclink', 'invite'],
};

/** The types /verify accepts, whose 6-digit codes are worth guessing. */
const GUESSABLE: OtpType[] = ['signup', 'recovery', 'magiclink', 'invite', 'email_change'];

export const isVerifyType = (t: string): boolean => t in ACCEPTS;

/**
 * Issues a 6-digit code and a random link token for the user, replacing any earlier ones of the same
 * type. Two rows, one per way of presenting it (only hashes are stored); using either deletes both.
 * `tokenHash` is the link token, what GoTrue calls token_hash.
 */
export async function issueOtp(tx: Database, userId: string, type: OtpType, email: string) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const tokenHash = randomBytes(20).toString('hex');
  await tx
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.type, type)));
  await tx.insert(authOneTimeTokens).values([
    { userId, type, tokenHash: otpHash(email, code), email },
    { userId, type, tokenHash: linkHash(tokenHash), email },
  ]);
  return { code, tokenHash };
}

/** The live row a stored hash names, without using it up (the guess budget is charged first). */
export async function findOtp(tx: Database, verifyType: string, storedHash: string) {
  const types = ACCEPTS[verifyType] ?? [];
  if (types.length === 0) return undefined;
  const [row] = await tx
    .select()
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.tokenHash, storedHash), inArray(authOneTimeTokens.type, types)));
  return row;
}

/**
 * Finds and deletes the token (both its code and its link); 403 otp_expired when it is unknown, of
 * another type, or too old. `storedHash` is otpHash(email, code) or linkHash(token).
 */
export async function consumeOtp(
  tx: Database,
  verifyType: string,
  storedHash: string,
  expirySeconds: number,
) {
  const types = ACCEPTS[verifyType] ?? [];
  if (types.length === 0) throw otpExpired();
  const [row] = await tx
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.tokenHash, storedHash), inArray(authOneTimeTokens.type, types)))
    .returning();
  if (!row) throw otpExpired();
  await tx
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, row.userId), eq(authOneTimeTokens.type, row.type)));
  if (Date.now() - row.createdAt.getTime() > expirySeconds * 1000) throw otpExpired();
  return row;
}

/** Kills every outstanding code and link mailed to the address (its guess budget is spent). */
export async function revokeOtpsFor(db: Database, email: string): Promise<void> {
  await db
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.email, email.toLowerCase()), inArray(authOneTimeTokens.type, GUESSABLE)));
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
