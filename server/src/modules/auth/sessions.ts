import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authRefreshTokens, authSessions, authUsers } from '../../db/schema/auth.ts';
import type { AuthConfig } from '../../config.ts';
import { AuthError } from './errors.ts';
import type { AmrEntry, JwtService } from './jwt.ts';
import { childOf, hashToken, newRefreshToken } from './refresh-tokens.ts';
import { factorsOf, isBanned, userJson, type UserRow } from './users.ts';
import { endUserSessions } from './admin-operations.ts';

export type SessionRow = typeof authSessions.$inferSelect;

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const MAX_CHAIN_WALK = 100;

export const userBanned = () => new AuthError(400, 'user_banned', 'User is banned');

export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly auth: AuthConfig,
  ) {}

  /** Starts a session (aal1) after a first-factor sign-in and returns the token response. */
  async start(tx: Database, user: UserRow, method: string, meta: SessionMeta) {
    const amr: AmrEntry[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
    const [session] = await tx
      .insert(authSessions)
      .values({ userId: user.id, amr, ip: meta.ip ?? null, userAgent: meta.userAgent?.slice(0, 512) ?? null })
      .returning();
    const token = newRefreshToken();
    await tx.insert(authRefreshTokens).values({ tokenHash: hashToken(token), sessionId: session!.id });
    await tx.update(authUsers).set({ lastSignInAt: new Date() }).where(eq(authUsers.id, user.id));
    const fresh = { ...user, lastSignInAt: new Date() };
    return this.tokenResponse(tx, fresh, session!, token);
  }

  /** A fresh refresh token for an existing session (e.g. after MFA), revoking the current ones. */
  async reissue(tx: Database, user: UserRow, session: SessionRow) {
    const now = new Date();
    await tx
      .update(authRefreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(authRefreshTokens.sessionId, session.id), isNull(authRefreshTokens.revokedAt)));
    const token = newRefreshToken();
    await tx.insert(authRefreshTokens).values({ tokenHash: hashToken(token), sessionId: session.id });
    return this.tokenResponse(tx, user, session, token);
  }

  async accessToken(user: UserRow, session: SessionRow): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = Math.floor(Date.now() / 1000) + this.auth.jwtExpirySeconds;
    const token = await this.jwt.sign(
      {
        sub: user.id,
        aud: 'authenticated',
        email: user.email ?? '',
        phone: user.phone ?? '',
        role: 'authenticated',
        app_metadata: { provider: 'email', providers: ['email'], ...user.appMetadata },
        user_metadata: user.userMetadata,
        session_id: session.id,
        aal: session.aal,
        amr: session.amr,
        is_anonymous: user.isAnonymous,
      },
      expiresAt,
    );
    return { token, expiresAt };
  }

  private async tokenResponse(tx: Database, user: UserRow, session: SessionRow, refreshToken: string) {
    const { token, expiresAt } = await this.accessToken(user, session);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.auth.jwtExpirySeconds,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user, await factorsOf(tx, user.id)),
    };
  }

  /**
   * grant_type=refresh_token. Rotates the token; a revoked token presented again within the reuse
   * interval gets the session's current token (concurrent tabs); later, it is treated as stolen: the
   * whole session is revoked.
   */
  async refresh(db: Database, presented: string) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(authRefreshTokens)
        .where(eq(authRefreshTokens.tokenHash, hashToken(presented)))
        .for('update');
      if (!row) return { kind: 'not_found' as const };
      const [session] = await tx
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, row.sessionId))
        .for('update');
      if (!session) return { kind: 'not_found' as const };
      const [user] = await tx.select().from(authUsers).where(eq(authUsers.id, session.userId));
      if (!user) return { kind: 'not_found' as const };
      if (isBanned(user)) return { kind: 'banned' as const };
      if (this.expired(session)) {
        await tx.delete(authSessions).where(eq(authSessions.id, session.id));
        return { kind: 'expired' as const };
      }

      if (row.revokedAt === null) {
        const child = childOf(this.jwt.chainSecret, presented);
        await tx
          .update(authRefreshTokens)
          .set({ revokedAt: new Date() })
          .where(eq(authRefreshTokens.id, row.id));
        await tx.insert(authRefreshTokens).values({ tokenHash: hashToken(child), sessionId: session.id });
        await tx.update(authSessions).set({ updatedAt: new Date() }).where(eq(authSessions.id, session.id));
        return { kind: 'ok' as const, body: await this.tokenResponse(tx, user, session, child) };
      }

      const ageMs = Date.now() - row.revokedAt.getTime();
      if (ageMs <= this.auth.refreshReuseIntervalSeconds * 1000) {
        let current = presented;
        for (let i = 0; i < MAX_CHAIN_WALK; i++) {
          current = childOf(this.jwt.chainSecret, current);
          const [next] = await tx
            .select()
            .from(authRefreshTokens)
            .where(eq(authRefreshTokens.tokenHash, hashToken(current)));
          if (!next) break;
          if (next.revokedAt === null)
            return { kind: 'ok' as const, body: await this.tokenResponse(tx, user, session, current) };
        }
        // The chain was replaced (e.g. a new token after MFA): refuse, but a recent token is no theft.
        return { kind: 'reused' as const };
      }
      // Reuse of an old token: someone else may hold this session's chain. End the session.
      await tx.delete(authSessions).where(eq(authSessions.id, session.id));
      return { kind: 'reused' as const };
    });
    switch (outcome.kind) {
      case 'ok':
        return outcome.body;
      case 'banned':
        throw userBanned();
      case 'expired':
        throw new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
      case 'reused':
        throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      default:
        throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
  }

  /**
   * SESSION_TIMEBOX (since sign-in) and SESSION_INACTIVITY_TIMEOUT (since the last refresh, which
   * every open browser tab does before its access token expires), as GoTrue applies them.
   */
  private expired(session: SessionRow): boolean {
    const now = Date.now();
    const { sessionTimeboxSeconds: box, sessionInactivityTimeoutSeconds: idle } = this.auth;
    if (box > 0 && now - session.createdAt.getTime() > box * 1000) return true;
    return idle > 0 && now - session.updatedAt.getTime() > idle * 1000;
  }

  /** logout scopes: global = every session of the user, local = this one, others = all but this one. */
  async end(
    tx: Database,
    userId: string,
    sessionId: string,
    scope: 'global' | 'local' | 'others',
  ): Promise<number> {
    const where =
      scope === 'local'
        ? eq(authSessions.id, sessionId)
        : scope === 'others'
          ? and(eq(authSessions.userId, userId), ne(authSessions.id, sessionId))
          : eq(authSessions.userId, userId);
    const gone = await tx.delete(authSessions).where(where).returning({ id: authSessions.id });
    return gone.length;
  }

  async endAllOf(tx: Database, userId: string): Promise<void> {
    await endUserSessions(tx, userId);
  }
}
