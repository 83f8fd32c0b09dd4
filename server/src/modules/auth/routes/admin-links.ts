import type { FastifyInstance } from 'fastify';
import { AuthError, userNotFound, validationFailed } from '../errors.ts';
import { asBody, optNewEmail, optObject, optString } from '../body.ts';
import type { OtpType } from '../one-time-tokens.ts';
import { emailExists, findUserByEmail, userJson } from '../users.ts';
import type { AuthService } from '../service.ts';
import { adminCreateUser, requireServiceRole } from './admin-users.ts';

const LINK_TYPES: Record<string, OtpType> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
};

/** POST /admin/generate_link (no mail: the caller delivers the link) and POST /invite (mails it). */
export function adminLinkRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post('/admin/generate_link', async (req) => {
    await requireServiceRole(auth, req);
    const body = asBody(req.body);
    const type = optString(body, 'type', 32) ?? '';
    const otpType = LINK_TYPES[type];
    if (!otpType)
      throw new AuthError(
        400,
        'validation_failed',
        'Invalid link type; use signup, invite, magiclink or recovery',
      );
    const email = optNewEmail(body);
    if (!email) throw validationFailed('Unable to validate email address: invalid format');
    const redirectTo =
      optString(body, 'redirect_to', 2048) ?? (req.query as Record<string, unknown>).redirect_to;
    const { user, prepared } = await auth.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (type === 'signup' || type === 'invite') {
        if (user?.emailConfirmedAt) throw emailExists();
        user ??= await adminCreateUser(
          auth,
          tx,
          req,
          { ...body, user_metadata: optObject(body, 'data') ?? {} },
          { invited: type === 'invite', confirmed: false },
        );
      } else if (!user) {
        throw userNotFound();
      }
      return { user, prepared: await auth.prepareOtpMail(tx, user, otpType, email, redirectTo) };
    });
    return {
      ...userJson(user),
      action_link: prepared.link,
      email_otp: prepared.code,
      hashed_token: prepared.tokenHash,
      redirect_to: prepared.redirect,
      verification_type: otpType,
    };
  });

  app.post('/invite', async (req) => {
    await requireServiceRole(auth, req);
    const body = asBody(req.body);
    const email = optNewEmail(body);
    if (!email) throw validationFailed('Unable to validate email address: invalid format');
    await auth.mailer.checkRate(auth.db, email);
    const { user, mail } = await auth.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (user?.emailConfirmedAt) throw emailExists();
      user ??= await adminCreateUser(
        auth,
        tx,
        req,
        { email, user_metadata: optObject(body, 'data') ?? {} },
        { invited: true, confirmed: false },
      );
      const { mail } = await auth.prepareOtpMail(
        tx,
        user,
        'invite',
        email,
        (req.query as Record<string, unknown>).redirect_to,
      );
      return { user, mail };
    });
    await auth.sendMail(mail);
    return userJson({ ...user, invitedAt: user.invitedAt ?? new Date() });
  });
}
