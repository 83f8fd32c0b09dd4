import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signUpMetadataSchema } from '@bankmanager/contracts';
import { AuthError, validationFailed } from '../errors.ts';
import { asBody, optNewEmail, optObject, optString } from '../body.ts';
import {
  findUserByEmail,
  insertUserWithProfile,
  userAlreadyExists,
  userJson,
  type UserRow,
} from '../users.ts';
import type { AuthService } from '../service.ts';
import { sessionMeta } from './token.ts';

/** What a new unconfirmed sign-up would answer, made only of what the caller sent. */
function lookalikeUser(email: string, userMetadata: Record<string, unknown>): UserRow {
  const now = new Date();
  return {
    id: randomUUID(),
    email,
    phone: null,
    passwordHash: null,
    emailConfirmedAt: null,
    invitedAt: null,
    confirmationSentAt: now,
    recoverySentAt: null,
    emailChange: null,
    lastSignInAt: null,
    appMetadata: {},
    userMetadata,
    bannedUntil: null,
    isAnonymous: false,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * POST /signup. `data` must carry the sign-up profile (docs/product.md §5: fullName, mobileNo, bank_code),
 * validated with the same contracts schema as the web form; the profile is created with the user.
 */
export function signupRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post('/signup', async (req, reply) => {
    const body = asBody(req.body);
    const email = optNewEmail(body);
    const password = optString(body, 'password', 1024);
    if (!email) {
      if (optString(body, 'phone'))
        throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
      throw validationFailed('To signup, please provide your email');
    }
    if (password === undefined) throw validationFailed('Signup requires a valid password');
    auth.passwords.assertStrong(password);
    const parsed = signUpMetadataSchema.safeParse(optObject(body, 'data') ?? {});
    if (!parsed.success) throw validationFailed(parsed.error.issues[0]?.message ?? 'Invalid sign-up data');
    const profileData = parsed.data;
    const redirectTo = (req.query as Record<string, unknown>).redirect_to;

    await auth.limitIp(req);
    const { autoconfirm } = auth.config.auth;
    if (!autoconfirm) await auth.mailer.checkRate(auth.db, email, req.ip);

    const existing = await findUserByEmail(auth.db, email);
    if (existing && !existing.emailConfirmedAt && !autoconfirm) {
      // GoTrue resends the confirmation to an address that signed up but never confirmed. The answer
      // looks like a fresh sign-up built from the caller's own input: never the existing user's id,
      // name or mobile number (anyone may type that address). The hash keeps the timing alike too.
      await auth.passwords.hash(password);
      const prepared = await auth.db.transaction((tx) =>
        auth.prepareOtpMail(tx, existing, 'signup', email, redirectTo),
      );
      await auth.sendMail(prepared.mail);
      return userJson(lookalikeUser(email, profileData));
    }
    if (existing) throw userAlreadyExists();

    const passwordHash = await auth.passwords.hash(password);
    const result = await auth.db.transaction(async (tx) => {
      const user = await insertUserWithProfile(
        tx,
        {
          email,
          passwordHash,
          confirmed: autoconfirm,
          userMetadata: profileData,
          profile: {
            fullName: profileData.fullName,
            mobileNo: profileData.mobileNo,
            bankCode: profileData.bank_code,
          },
        },
        userAlreadyExists,
      );
      await auth.audit(tx, req, {
        action: 'auth.sign_up',
        outcome: 'success',
        actorId: user.id,
        actorEmail: email,
        targetType: 'user',
        targetId: user.id,
        details: { autoconfirm },
      });
      if (autoconfirm) return { session: await auth.sessions.start(tx, user, 'password', sessionMeta(req)) };
      const prepared = await auth.prepareOtpMail(tx, user, 'signup', email, redirectTo);
      return { user: { ...user, confirmationSentAt: new Date() }, mail: prepared.mail };
    });
    if (result.session) return result.session;
    await auth.sendMail(result.mail);
    return reply.send(userJson(result.user));
  });
}
