import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { authOneTimeTokens, type authUsers } from '../../../db/schema/auth.ts';
import { composeNotice, type Mail } from '../mailer.ts';
import type { Database } from '../../../db/client.ts';
import { AuthError, otpExpired, validationFailed } from '../errors.ts';
import { asBody, optEmail, optString } from '../body.ts';
import { consumeOtp, findOtp, isVerifyType, linkHash, otpHash } from '../one-time-tokens.ts';
import { spendCodeGuess } from '../otp-guesses.ts';
import { emailExists, findUserByEmail, findUserById, isBanned, updateUserRow } from '../users.ts';
import { userBanned } from '../sessions.ts';
import type { AuthService } from '../service.ts';
import { sessionMeta } from './token.ts';

/** The amr method a verified e-mail code stands for. */
const AMR_METHOD: Record<string, string> = {
  signup: 'otp',
  email: 'otp',
  magiclink: 'otp',
  invite: 'invite',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** Applies a verified code (confirms the address or the e-mail change) and starts a session. */
async function verifyAndSignIn(auth: AuthService, req: FastifyRequest, type: string, tokenHash: string) {
  const verified = await auth.db.transaction(async (tx: Database) => {
    const row = await consumeOtp(tx, type, tokenHash, auth.config.auth.otpExpirySeconds);
    const user = await findUserById(tx, row.userId);
    if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    if (isBanned(user)) throw userBanned();
    const set: Partial<typeof authUsers.$inferInsert> = { updatedAt: new Date() };
    if (!user.emailConfirmedAt) set.emailConfirmedAt = new Date();
    let notice: Mail | undefined;
    if (row.type.startsWith('email_change')) {
      // Secure e-mail change: the first of the two codes only records its half (finding 5).
      if (await otherHalfPending(tx, user.id, row.type, auth.config.auth.otpExpirySeconds)) {
        await auth.audit(tx, req, {
          action: `auth.verify_${row.type}`,
          outcome: 'success',
          actorId: user.id,
          actorEmail: user.email,
        });
        return { type: row.type, partial: true as const };
      }
      const newEmail =
        row.type === 'email_change' || row.type === 'email_change_new' ? row.email : user.emailChange;
      if (!newEmail) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
      if (await findUserByEmail(tx, newEmail)) throw emailExists();
      Object.assign(set, { email: newEmail, emailChange: null });
      // The old address is told, so a change it did not ask for does not go unnoticed.
      if (user.email)
        notice = composeNotice('email_changed_notice', user.email, `The new address is ${newEmail}.`);
    }
    const updated = await updateUserRow(tx, user.id, set);
    await auth.audit(tx, req, {
      action: `auth.verify_${row.type}`,
      outcome: 'success',
      actorId: user.id,
      actorEmail: updated.email,
    });
    return {
      type: row.type,
      partial: false as const,
      notice,
      response: await auth.sessions.start(tx, updated, AMR_METHOD[type] ?? 'otp', sessionMeta(req)),
    };
  });
  if (!verified.partial && verified.notice) await auth.sendMail(verified.notice);
  return verified;
}

/** GoTrue's answer when one of the two e-mail change codes is confirmed and the other is awaited. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** True while the other code of a secure e-mail change is still unused (and not expired). */
async function otherHalfPending(tx: Database, userId: string, type: string, expirySeconds: number) {
  const other =
    type === 'email_change_current'
      ? 'email_change_new'
      : type === 'email_change_new'
        ? 'email_change_current'
        : undefined;
  if (!other) return false;
  const [row] = await tx
    .select({ createdAt: authOneTimeTokens.createdAt })
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.type, other)));
  return row !== undefined && Date.now() - row.createdAt.getTime() <= expirySeconds * 1000;
}

/** A session, or GoTrue's 200 `{ msg }` when a secure e-mail change awaits its other code. */
const answer = (v: Awaited<ReturnType<typeof verifyAndSignIn>>) =>
  v.partial ? { msg: SINGLE_CONFIRMATION_ACCEPTED, code: 200 } : v.response;

/**
 * A link token (GET link or token_hash): 160 random bits, so an unknown one is refused at once (the
 * per-IP limit applies); a known one is charged to its address's guess budget like a typed code.
 */
async function verifyLinkToken(auth: AuthService, req: FastifyRequest, type: string, token: string) {
  const stored = linkHash(token);
  const row = await findOtp(auth.db, type, stored);
  if (!row) throw otpExpired();
  return spendCodeGuess(auth, row.email, () => verifyAndSignIn(auth, req, type, stored));
}

export function emailFlowRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post('/recover', async (req) => {
    const body = asBody(req.body);
    const email = optEmail(body);
    if (!email) throw validationFailed('Password recovery requires an email');
    await auth.limitIp(req);
    // Counted before the lookup, so the answer is the same whether or not the address exists.
    await auth.mailer.checkRate(auth.db, email, req.ip);
    const redirectTo = (req.query as Record<string, unknown>).redirect_to;
    auth.safeRedirect(redirectTo); // a bad redirect_to is refused whether or not the address exists
    const user = await findUserByEmail(auth.db, email);
    if (!user) return {};
    const prepared = await auth.db.transaction(async (tx) => {
      const p = await auth.prepareOtpMail(tx, user, 'recovery', email, redirectTo);
      await auth.audit(tx, req, {
        action: 'auth.password_reset_request',
        outcome: 'success',
        actorId: user.id,
        actorEmail: email,
      });
      return p;
    });
    await auth.sendMail(prepared.mail);
    return {};
  });

  app.post('/verify', async (req) => {
    const body = asBody(req.body);
    const type = optString(body, 'type', 32);
    const tokenHashIn = optString(body, 'token_hash', 128);
    const token = optString(body, 'token', 64);
    const email = optEmail(body);
    if (!type || !isVerifyType(type)) throw validationFailed('Verify requires a verification type');
    await auth.limitIp(req);
    if (tokenHashIn) return answer(await verifyLinkToken(auth, req, type, tokenHashIn));
    if (!token || !email)
      throw validationFailed('Verify requires either a token and an email, or a token_hash');
    // A 6-digit code is guessable: every try is charged to the address's budget.
    const verified = await spendCodeGuess(auth, email, () =>
      verifyAndSignIn(auth, req, type, otpHash(email, token.trim())),
    );
    return answer(verified);
  });

  /**
   * The link in the mail: verifies, then redirects (sign-up confirmations to /signin, docs/product.md §2).
   * No HEAD twin: a HEAD request (link previews, mail scanners) must not use up the code.
   */
  app.get('/verify', { exposeHeadRoute: false }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const type = typeof q.type === 'string' ? q.type : '';
    const token = typeof q.token === 'string' ? q.token : '';
    const redirect = auth.safeRedirect(q.redirect_to, type === 'signup' ? '/signin' : '/');
    try {
      await auth.limitIp(req);
      const verified = await verifyLinkToken(auth, req, type, token);
      if (verified.partial) {
        const message = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED });
        return reply.redirect(`${redirect}#${message.toString()}`, 303);
      }
      const { response } = verified;
      if (type === 'signup') return reply.redirect(redirect, 303);
      const fragment = new URLSearchParams({
        access_token: response.access_token,
        expires_at: String(response.expires_at),
        expires_in: String(response.expires_in),
        refresh_token: response.refresh_token,
        token_type: 'bearer',
        type,
      });
      return reply.redirect(`${redirect}#${fragment.toString()}`, 303);
    } catch (err) {
      const e =
        err instanceof AuthError
          ? err
          : new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
      const fragment = new URLSearchParams({
        error: 'access_denied',
        error_code: e.code,
        error_description: e.message,
      });
      return reply.redirect(`${redirect}#${fragment.toString()}`, 303);
    }
  });

  app.post('/resend', async (req) => {
    const body = asBody(req.body);
    const type = optString(body, 'type', 32);
    const email = optEmail(body);
    if (type !== 'signup' && type !== 'email_change')
      throw validationFailed('Resend supports the types signup and email_change');
    if (!email) throw validationFailed('Resend requires an email');
    await auth.limitIp(req);
    await auth.mailer.checkRate(auth.db, email, req.ip);
    const user = type === 'signup' ? await findUserByEmail(auth.db, email) : undefined;
    if (user && !user.emailConfirmedAt) {
      const prepared = await auth.db.transaction((tx) => auth.prepareOtpMail(tx, user, 'signup', email));
      await auth.sendMail(prepared.mail);
    }
    return {};
  });

  app.post('/otp', async (req) => {
    const body = asBody(req.body);
    const email = optEmail(body);
    if (!email) {
      if (optString(body, 'phone'))
        throw new AuthError(400, 'phone_provider_disabled', 'Phone sign-in is disabled');
      throw validationFailed('An email address is required');
    }
    await auth.limitIp(req);
    await auth.mailer.checkRate(auth.db, email, req.ip);
    const user = await findUserByEmail(auth.db, email);
    // Accounts need a sign-up profile (docs/product.md §5), so a one-time code never creates one. An unknown
    // address gets the same answer as a known one: the answer must not tell who has an account.
    if (!user) return {};
    const prepared = await auth.db.transaction((tx) => auth.prepareOtpMail(tx, user, 'magiclink', email));
    await auth.sendMail(prepared.mail);
    return {};
  });
}
