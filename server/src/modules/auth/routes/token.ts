import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@bankmanager/contracts';
import { AuthError, invalidCredentials, validationFailed } from '../errors.ts';
import { asBody, optEmail, optString } from '../body.ts';
import { SignInThrottle } from '../sign-in-throttle.ts';
import { findUserByEmail, isBanned } from '../users.ts';
import { userBanned } from '../sessions.ts';
import type { AuthService } from '../service.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/** POST /token?grant_type=password|refresh_token (pkce and id_token answer a clear 400). */
export function tokenRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post('/token', async (req) => {
    const grant = (req.query as Record<string, unknown>).grant_type;
    const body = asBody(req.body);
    switch (grant) {
      case 'password':
        return passwordGrant(auth, req, body);
      case 'refresh_token': {
        const token = optString(body, 'refresh_token', 512);
        if (!token) throw new AuthError(400, 'validation_failed', 'Refresh Token is missing');
        return auth.sessions.refresh(auth.db, token);
      }
      case 'pkce':
        throw validationFailed('PKCE sign-in is not enabled on this server');
      case 'id_token':
        throw new AuthError(
          400,
          'provider_disabled',
          'Unsupported provider: external providers are not configured',
        );
      default:
        throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
    }
  });
}

async function passwordGrant(auth: AuthService, req: FastifyRequest, body: Record<string, unknown>) {
  const email = optEmail(body);
  const phone = optString(body, 'phone', 64);
  const password = optString(body, 'password', 1024);
  if ((!email && !phone) || password === undefined)
    throw validationFailed(AUTH_MESSAGES.emailOrPhoneRequired);
  await auth.limitIp(req);

  // Phone sign-in is not offered; it still costs one hash verification, like an unknown e-mail.
  const user = email ? await findUserByEmail(auth.db, email) : undefined;
  // Throttled per (account, source), never per account alone: others' failures cannot lock the owner out.
  const throttle = new SignInThrottle(auth, email ?? `phone:${phone}`, req);
  try {
    await throttle.admit(user?.id);
  } catch (err) {
    await auth.audit(auth.db, req, {
      action: 'auth.sign_in',
      outcome: 'denied',
      actorEmail: email ?? null,
      details: { reason: 'throttled' },
    });
    throw err;
  }

  const ok = await auth.passwords.verify(user?.passwordHash, password);
  if (!user || !ok) {
    await throttle.failed(user?.id);
    await auth.audit(auth.db, req, {
      action: 'auth.sign_in',
      outcome: 'failure',
      actorId: user?.id ?? null,
      actorEmail: email ?? null,
      details: { reason: 'invalid_credentials' },
    });
    throw invalidCredentials();
  }
  // The password was right: it guessed nothing, whatever happens next.
  if (!user.emailConfirmedAt || isBanned(user)) await throttle.succeeded(auth.db);
  if (!user.emailConfirmedAt) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  if (isBanned(user)) throw userBanned();

  return auth.db.transaction(async (tx) => {
    await throttle.succeeded(tx);
    const res = await auth.sessions.start(tx, user, 'password', meta(req));
    await auth.audit(tx, req, {
      action: 'auth.sign_in',
      outcome: 'success',
      actorId: user.id,
      actorEmail: user.email,
    });
    return res;
  });
}

export { meta as sessionMeta };
