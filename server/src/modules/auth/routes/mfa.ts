import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { authMfaChallenges, authMfaFactors, authSessions } from '../../../db/schema/auth.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { asBody, isUuid, optString } from '../body.ts';
import { authenticate, bearerOf } from '../authenticate.ts';
import { factorsOf, verifiedFactorsOf } from '../users.ts';
import type { AuthService } from '../service.ts';
import { requireAal2WhenEnrolled } from '../aal.ts';

const CHALLENGE_TTL_SECONDS = 300;
/** RFC 6238 defaults (SHA-1, 6 digits, 30 s) and one step of clock drift either way. */
const totp = authenticator.clone({ window: 1 });

/**
 * Checks the code and claims its time-step in one statement: the step must be newer than the last
 * accepted one of this factor, so a code (even one seen over a shoulder) works once (finding 4).
 */
async function acceptOnce(auth: AuthService, factorId: string, secret: string, code: string) {
  // One clock reading for both the check and the step, so a step boundary cannot fall between them.
  const now = Date.now();
  const delta = totp.clone({ epoch: now }).checkDelta(code, secret);
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / totp.allOptions().step) + delta;
  const claimed = await auth.db
    .update(authMfaFactors)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(authMfaFactors.id, factorId),
        or(isNull(authMfaFactors.lastTotpStep), lt(authMfaFactors.lastTotpStep, step)),
      ),
    )
    .returning({ id: authMfaFactors.id });
  return claimed.length === 1;
}

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

export function mfaRoutes(app: FastifyInstance, auth: AuthService): void {
  const who = (req: FastifyRequest) => authenticate(auth.db, auth.jwt, bearerOf(req));
  const ownFactor = async (userId: string, id: string) => {
    if (!isUuid(id)) throw factorNotFound();
    const [f] = await auth.db
      .select()
      .from(authMfaFactors)
      .where(and(eq(authMfaFactors.id, id), eq(authMfaFactors.userId, userId)));
    if (!f) throw factorNotFound();
    return f;
  };

  app.post('/factors', async (req) => {
    const { user, session } = await who(req);
    // As GoTrue: with a verified factor, only an aal2 session may add another (else a stolen
    // password would enrol the thief's authenticator and reach aal2 with it).
    await requireAal2WhenEnrolled(auth.db, user.id, session, 'AAL2 required to enroll a new factor');
    const body = asBody(req.body);
    const type = optString(body, 'factor_type', 16);
    if (type !== 'totp')
      throw new AuthError(422, 'mfa_factor_type_not_supported', 'Only totp factors are supported');
    const friendlyName = optString(body, 'friendly_name', 120) ?? null;
    const issuer = optString(body, 'issuer', 120) || 'BankManager';
    const existing = await factorsOf(auth.db, user.id);
    if (friendlyName && existing.some((f) => f.friendlyName === friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    if (existing.length >= 10)
      throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of enrolled factors reached');
    const secret = totp.generateSecret(20);
    const uri = totp.keyuri(user.email ?? user.id, issuer, secret);
    const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M' });
    const factor = await auth.db.transaction(async (tx) => {
      const [f] = await tx
        .insert(authMfaFactors)
        .values({ userId: user.id, friendlyName, secret })
        .returning();
      await auth.audit(tx, req, {
        action: 'auth.mfa_enroll',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        targetType: 'mfa_factor',
        targetId: f!.id,
      });
      return f!;
    });
    return {
      id: factor.id,
      type: 'totp',
      friendly_name: friendlyName ?? '',
      totp: { qr_code: qr, secret, uri },
    };
  });

  app.post('/factors/:id/challenge', async (req) => {
    const { user } = await who(req);
    const factor = await ownFactor(user.id, (req.params as { id: string }).id);
    // Expired challenges of this factor are of no further use.
    await auth.db
      .delete(authMfaChallenges)
      .where(
        and(
          eq(authMfaChallenges.factorId, factor.id),
          lt(authMfaChallenges.createdAt, new Date(Date.now() - CHALLENGE_TTL_SECONDS * 1000)),
        ),
      );
    const [ch] = await auth.db
      .insert(authMfaChallenges)
      .values({ factorId: factor.id, ip: req.ip })
      .returning();
    return {
      id: ch!.id,
      type: 'totp',
      expires_at: Math.floor(ch!.createdAt.getTime() / 1000) + CHALLENGE_TTL_SECONDS,
    };
  });

  app.post('/factors/:id/verify', async (req) => {
    const { user, session } = await who(req);
    const factor = await ownFactor(user.id, (req.params as { id: string }).id);
    // Verifying a new factor is enrolling it: with another factor verified, that needs aal2 too.
    if (factor.status !== 'verified')
      await requireAal2WhenEnrolled(auth.db, user.id, session, 'AAL2 required to verify a new factor');
    const body = asBody(req.body);
    const challengeId = optString(body, 'challenge_id', 64) ?? optString(body, 'challengeId', 64);
    const code = optString(body, 'code', 16);
    if (!challengeId || !isUuid(challengeId) || !code)
      throw validationFailed('challenge_id and code are required');
    await auth.limitIp(req);
    const [challenge] = await auth.db
      .select()
      .from(authMfaChallenges)
      .where(and(eq(authMfaChallenges.id, challengeId), eq(authMfaChallenges.factorId, factor.id)));
    if (!challenge || challenge.verifiedAt)
      throw new AuthError(404, 'mfa_challenge_not_found', 'Challenge not found');
    if (Date.now() - challenge.createdAt.getTime() > CHALLENGE_TTL_SECONDS * 1000) {
      await auth.db.delete(authMfaChallenges).where(eq(authMfaChallenges.id, challenge.id));
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        'MFA challenge has expired, verify against another challenge or create a new challenge.',
      );
    }
    await auth.limitGuesses(`totp:${factor.id}`, async () => {
      if (await acceptOnce(auth, factor.id, factor.secret, code.trim())) return;
      await auth.audit(auth.db, req, {
        action: 'auth.mfa_verify',
        outcome: 'failure',
        actorId: user.id,
        actorEmail: user.email,
        targetType: 'mfa_factor',
        targetId: factor.id,
      });
      throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    });
    return auth.db.transaction(async (tx) => {
      await tx
        .update(authMfaChallenges)
        .set({ verifiedAt: new Date() })
        .where(eq(authMfaChallenges.id, challenge.id));
      if (factor.status !== 'verified') {
        await tx
          .update(authMfaFactors)
          .set({ status: 'verified', updatedAt: new Date() })
          .where(eq(authMfaFactors.id, factor.id));
      }
      const amr = [{ method: 'totp', timestamp: Math.floor(Date.now() / 1000) }, ...session.amr];
      const [upgraded] = await tx
        .update(authSessions)
        .set({ aal: 'aal2', amr, updatedAt: new Date() })
        .where(eq(authSessions.id, session.id))
        .returning();
      await auth.audit(tx, req, {
        action: factor.status === 'verified' ? 'auth.mfa_verify' : 'auth.mfa_factor_verified',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        targetType: 'mfa_factor',
        targetId: factor.id,
      });
      return auth.sessions.reissue(tx, user, upgraded!);
    });
  });

  app.delete('/factors/:id', async (req) => {
    const { user, session } = await who(req);
    const factor = await ownFactor(user.id, (req.params as { id: string }).id);
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw new AuthError(401, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await auth.db.transaction(async (tx) => {
      await tx.delete(authMfaFactors).where(eq(authMfaFactors.id, factor.id));
      // Without a verified factor left, no session can claim a second factor any more.
      if ((await verifiedFactorsOf(tx, user.id)).length === 0) {
        await tx.update(authSessions).set({ aal: 'aal1' }).where(eq(authSessions.userId, user.id));
      }
      await auth.audit(tx, req, {
        action: 'auth.mfa_unenroll',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        targetType: 'mfa_factor',
        targetId: factor.id,
      });
    });
    return { id: factor.id };
  });
}
