import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { SIGN_UP_MESSAGES, digitsOnly, isValidSignUpMobile } from '@bankmanager/contracts';
import { profiles } from '../../../db/schema/auth.ts';
import type { Database } from '../../../db/client.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { asBody, optNewEmail, optObject, optString } from '../body.ts';
import { authenticate, bearerOf } from '../authenticate.ts';
import { requireAal2WhenEnrolled } from '../aal.ts';
import { requireReauthentication } from '../reauthentication.ts';
import {
  emailExists,
  findUserByEmail,
  mobileExists,
  updateUserRow,
  userWithFactors,
  type UserRow,
} from '../users.ts';
import type { AuthService } from '../service.ts';

/** `data` merges key by key into user_metadata; a null value deletes the key (GoTrue semantics). */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Keeps the profile row in step when the metadata that fed it changes. */
async function syncProfile(tx: Database, userId: string, patch: Record<string, unknown>): Promise<void> {
  const set: Partial<typeof profiles.$inferInsert> = {};
  if (typeof patch.fullName === 'string' && patch.fullName.trim() !== '')
    set.fullName = patch.fullName.trim();
  if (typeof patch.mobileNo === 'string') {
    const digits = digitsOnly(patch.mobileNo);
    if (!isValidSignUpMobile(digits)) throw validationFailed(SIGN_UP_MESSAGES.mobileInvalid);
    const [taken] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.mobileNo, digits));
    if (taken && taken.id !== userId) throw mobileExists();
    set.mobileNo = digits;
  }
  if (Object.keys(set).length === 0) return;
  await tx
    .update(profiles)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}

export function userRoutes(app: FastifyInstance, auth: AuthService): void {
  const who = (req: FastifyRequest) => authenticate(auth.db, auth.jwt, bearerOf(req));

  app.get('/user', async (req) => {
    const { user } = await who(req);
    return userWithFactors(auth.db, user);
  });

  app.put('/user', async (req) => {
    const { user, session } = await who(req);
    const body = asBody(req.body);
    const data = optObject(body, 'data');
    const password = optString(body, 'password', 1024);
    const email = optNewEmail(body);
    const nonce = optString(body, 'nonce', 64);
    if (optString(body, 'phone'))
      throw new AuthError(422, 'phone_provider_disabled', 'Phone changes are not supported');
    const wantsEmailChange = email !== undefined && email !== user.email;
    // With a verified factor, a password alone (aal1) changes nothing here (finding 4).
    if (data || password !== undefined || wantsEmailChange) {
      await requireAal2WhenEnrolled(
        auth.db,
        user.id,
        session,
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }

    let passwordHash: string | undefined;
    if (password !== undefined) {
      auth.passwords.assertStrong(password);
      if (await auth.passwords.verify(user.passwordHash, password)) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      await requireReauthentication(auth, user, session, nonce);
      passwordHash = await auth.passwords.hash(password);
    }
    // Secure e-mail change (finding 5): codes to both addresses; both are needed to apply it.
    if (wantsEmailChange) {
      await auth.mailer.checkRate(auth.db, email);
      if (user.email) await auth.mailer.checkRate(auth.db, user.email);
    }

    const result = await auth.db.transaction(async (tx) => {
      const set: Partial<UserRow> = { updatedAt: new Date() };
      if (data) {
        set.userMetadata = mergeMetadata(user.userMetadata, data);
        await syncProfile(tx, user.id, data);
      }
      const mails = [];
      if (wantsEmailChange) {
        if (await findUserByEmail(tx, email)) throw emailExists();
        set.emailChange = email;
        mails.push((await auth.prepareOtpMail(tx, user, 'email_change_new', email)).mail);
        if (user.email)
          mails.push((await auth.prepareOtpMail(tx, user, 'email_change_current', user.email)).mail);
      }
      if (passwordHash) {
        set.passwordHash = passwordHash;
        // A new password ends every other session: whoever knew the old one is signed out.
        await auth.sessions.end(tx, user.id, session.id, 'others');
        const recovering = session.amr.some((a) => a.method === 'recovery');
        await auth.audit(tx, req, {
          action: recovering ? 'auth.password_reset' : 'auth.password_change',
          outcome: 'success',
          actorId: user.id,
          actorEmail: user.email,
          targetType: 'user',
          targetId: user.id,
        });
      }
      return { updated: await updateUserRow(tx, user.id, set), mails };
    });
    for (const mail of result.mails) await auth.sendMail(mail);
    return userWithFactors(auth.db, result.updated);
  });

  app.post('/logout', async (req, reply) => {
    const scope = (req.query as Record<string, unknown>).scope ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw validationFailed('Unsupported logout scope; use global, local or others');
    }
    const { user, session } = await who(req);
    await auth.db.transaction(async (tx) => {
      const ended = await auth.sessions.end(tx, user.id, session.id, scope);
      await auth.audit(tx, req, {
        action: 'auth.sign_out',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        details: { scope, sessionsEnded: ended },
      });
    });
    return reply.status(204).send();
  });

  // GET by protocol, but it mails a code: no HEAD twin, HEAD must not send mail.
  app.get('/reauthenticate', { exposeHeadRoute: false }, async (req) => {
    const { user } = await who(req);
    if (!user.email) throw validationFailed('Reauthentication requires an email address');
    await auth.mailer.checkRate(auth.db, user.email);
    const prepared = await auth.db.transaction((tx) =>
      auth.prepareOtpMail(tx, user, 'reauthentication', user.email!),
    );
    await auth.sendMail(prepared.mail);
    return {};
  });

  // External identity providers are not configured on this server: clear 4xx answers.
  app.get('/user/identities/authorize', async () => {
    throw new AuthError(
      400,
      'provider_disabled',
      'Unsupported provider: external identity providers are not configured',
    );
  });
  app.delete('/user/identities/:id', async (req) => {
    await who(req);
    throw new AuthError(
      422,
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    );
  });
  app.post('/sso', async () => {
    throw new AuthError(400, 'sso_provider_not_found', 'No SSO provider is configured on this server');
  });
}
