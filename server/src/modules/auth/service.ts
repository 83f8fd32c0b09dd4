import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { requestIp, writeAudit, type AuditEntry } from '../audit/index.ts';
import { AuthError, rateLimited, validationFailed } from './errors.ts';
import { JwtService } from './jwt.ts';
import { Mailer, composeMail, type MailKind } from './mailer.ts';
import { issueOtp, type OtpType } from './one-time-tokens.ts';
import { PasswordHasher } from './passwords.ts';
import { hit, unhit } from './rate-limits.ts';
import { SessionService } from './sessions.ts';
import { loadSigningKeys } from './signing-keys.ts';
import type { UserRow } from './users.ts';

const MAIL_KIND: Record<OtpType, MailKind> = {
  signup: 'confirmation',
  recovery: 'recovery',
  magiclink: 'magiclink',
  invite: 'invite',
  reauthentication: 'reauthentication',
  email_change: 'email_change',
  email_change_current: 'email_change_current',
  email_change_new: 'email_change',
};

/** The `type` a mailed link carries: both halves of a secure e-mail change verify as `email_change`. */
const linkType = (type: OtpType): OtpType => (type.startsWith('email_change') ? 'email_change' : type);

/** Everything the auth routes, the guards and the other modules share; decorated as `app.authService`. */
export class AuthService {
  private constructor(
    readonly config: Config,
    readonly db: Database,
    readonly jwt: JwtService,
    readonly sessions: SessionService,
    readonly passwords: PasswordHasher,
    readonly mailer: Mailer,
    readonly anonKey: string,
    /** Never served: printed by `npm run keys` for operators. */
    readonly serviceRoleKey: string,
  ) {}

  static async create(config: Config, db: Database, log: FastifyInstance['log']): Promise<AuthService> {
    const jwt = new JwtService(await loadSigningKeys(db, config.auth), `${config.publicUrl}/auth/v1`);
    return new AuthService(
      config,
      db,
      jwt,
      new SessionService(jwt, config.auth),
      new PasswordHasher(config.auth),
      new Mailer(config, log),
      await jwt.apiKey('anon'),
      await jwt.apiKey('service_role'),
    );
  }

  /** Per-IP limit on the endpoints that guess passwords, send mail or check codes. */
  async limitIp(req: FastifyRequest): Promise<void> {
    if ((await hit(this.db, `ip:${req.ip}`, 60)) > this.config.auth.ipRateLimitPerMinute) throw rateLimited();
  }

  /**
   * Guesses at a short code (e-mailed 6 digits, TOTP) are limited per target, whatever the IP:
   * `attempt` runs the check; failures are counted and, past the lockout threshold, refused (429).
   * Each attempt takes its slot before it runs (and gives it back unless it failed), so a burst of
   * concurrent guesses, on one server or several, gets no more tries than a sequence would.
   */
  async limitGuesses<T>(target: string, attempt: () => Promise<T>): Promise<T> {
    const { lockoutAttempts, lockoutMinutes } = this.config.auth;
    const key = `guess:${target}`;
    const window = Math.round(lockoutMinutes * 60);
    if ((await hit(this.db, key, window)) > lockoutAttempts) throw rateLimited();
    let failed = false;
    try {
      return await attempt();
    } catch (err) {
      failed = err instanceof AuthError && err.status < 500 && err.status !== 429;
      throw err;
    } finally {
      if (!failed) await unhit(this.db, key);
    }
  }

  audit(tx: Database, req: FastifyRequest, entry: AuditEntry): Promise<void> {
    return writeAudit(tx, { ip: requestIp(req), ...entry });
  }

  /**
   * Only same-origin redirects: anything else falls back to the app's root. A URL is printable ASCII:
   * control characters (CR/LF would split the Location header), spaces and non-ASCII (U+2028…) are
   * refused with 400, not passed on to a header that cannot carry them.
   */
  safeRedirect(redirectTo: unknown, fallbackPath = '/'): string {
    const base = this.config.publicUrl;
    if (typeof redirectTo === 'string' && !/^[\x21-\x7e]*$/.test(redirectTo))
      throw validationFailed('redirect_to must be a URL without spaces, control or non-ASCII characters');
    if (typeof redirectTo === 'string' && (redirectTo === base || redirectTo.startsWith(`${base}/`)))
      return redirectTo;
    return `${base}${fallbackPath}`;
  }

  verifyLink(tokenHash: string, type: OtpType, redirectTo: string): string {
    const q = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo });
    return `${this.config.publicUrl}/auth/v1/verify?${q.toString()}`;
  }

  /**
   * Issues a one-time code in `tx` and returns the mail to send once `tx` has committed (so a rolled
   * back change never mails a working code).
   */
  async prepareOtpMail(tx: Database, user: UserRow, type: OtpType, email: string, redirectTo?: unknown) {
    const { code, tokenHash } = await issueOtp(tx, user.id, type, email);
    const now = new Date();
    if (type === 'signup')
      await tx.update(authUsers).set({ confirmationSentAt: now }).where(eq(authUsers.id, user.id));
    if (type === 'recovery')
      await tx.update(authUsers).set({ recoverySentAt: now }).where(eq(authUsers.id, user.id));
    // docs/product.md §2: the sign-up confirmation leads to /signin.
    const redirect = this.safeRedirect(redirectTo, type === 'signup' ? '/signin' : '/');
    const link =
      type === 'reauthentication' ? undefined : this.verifyLink(tokenHash, linkType(type), redirect);
    return { code, tokenHash, link, redirect, mail: composeMail(MAIL_KIND[type], email, code, link) };
  }

  async sendMail(mail: ReturnType<typeof composeMail>): Promise<void> {
    try {
      await this.mailer.send(this.db, mail);
    } catch (err) {
      if (err instanceof AuthError) throw err; // the global cap (429)
      throw new AuthError(500, 'unexpected_failure', `Error sending ${mail.kind} email`, {}, err);
    }
  }
}
