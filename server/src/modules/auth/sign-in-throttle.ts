import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import type { AuthService } from './service.ts';
import { rateLimited } from './errors.ts';
import { hit } from './rate-limits.ts';

/** First back-off step once a source has used its free failures; it doubles up to the cap. */
const BACKOFF_BASE_SECONDS = 60;
/** A source's failures are forgotten after a day without any. */
const FORGET_AFTER_SECONDS = 86_400;
/** A source the account signed in from within this many days is never slowed by the account ceiling. */
const TRUSTED_SOURCE_DAYS = 30;

/** GoTrue's 429 (body `{ code, message }`); the wait goes to the log and the Retry-After header. */
const tooSoon = (req: FastifyRequest, retryAfterSeconds: number) => {
  req.log.info({ retryAfterSeconds }, 'sign-in slowed down');
  return rateLimited(retryAfterSeconds);
};

/**
 * Sign-in throttling (docs/decisions/0011-sign-in-throttling.md). Nobody can lock another person out:
 * - failures are counted per (account, source): `AUTH_LOCKOUT_ATTEMPTS` free, then each try waits
 *   60 s, 120 s, 240 s… (capped at `AUTH_LOCKOUT_MINUTES`) after the previous one from that source;
 *   a correct password from a source with no failures is never held back by other sources' failures;
 * - account-wide, past `AUTH_ACCOUNT_FAILURES_PER_HOUR` failures in the hour, sources the account has
 *   not signed in from lately share one password check per `AUTH_ACCOUNT_SLOWDOWN_SECONDS`: slower,
 *   never blocked; superusers see the attack on the dashboard (`auth.account_under_attack`).
 * Each attempt claims its slot before the password is checked (concurrent guesses get no extra tries).
 */
export class SignInThrottle {
  constructor(
    private readonly auth: AuthService,
    private readonly account: string,
    private readonly req: FastifyRequest,
  ) {}

  private get db(): Database {
    return this.auth.db;
  }

  private get sourceKey(): string {
    return `fail:${this.account}|${this.req.ip}`;
  }

  /** Takes this attempt's slot, or throws 429. */
  async admit(userId: string | undefined): Promise<void> {
    const { lockoutAttempts, lockoutMinutes, accountFailuresPerHour, accountSlowdownSeconds } =
      this.auth.config.auth;
    const cap = Math.round(lockoutMinutes * 60);
    const delay = sql`least(${BACKOFF_BASE_SECONDS} * power(2, greatest(r.hits - ${lockoutAttempts}, 0)), ${cap})`;
    const [source] = await queryRows<{ admitted: boolean; wait: number }>(
      this.db,
      sql`
      insert into auth_rate_limits as r (key, hits, window_start) values (${this.sourceKey}, 1, now())
      on conflict (key) do update set
        hits = case when r.window_start <= now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) then 1
                    when r.hits < ${lockoutAttempts} or r.window_start <= now() - make_interval(secs => ${delay}) then r.hits + 1
                    else r.hits end,
        window_start = case when r.window_start <= now() - make_interval(secs => ${FORGET_AFTER_SECONDS})
                              or r.hits < ${lockoutAttempts} or r.window_start <= now() - make_interval(secs => ${delay})
                            then now() else r.window_start end
      returning window_start = now() as admitted,
        ceil(extract(epoch from r.window_start + make_interval(secs => ${delay}) - now()))::int as wait`,
    );
    if (!source?.admitted) throw tooSoon(this.req, Math.max(1, Number(source?.wait ?? 1)));

    if ((await this.accountFailures()) < accountFailuresPerHour) return;
    if (userId && (await this.isTrustedSource(userId))) return;
    const [slot] = await queryRows<{ ok: number }>(
      this.db,
      sql`
      insert into auth_rate_limits as r (key, hits, window_start) values (${`slow:${this.account}`}, 1, now())
      on conflict (key) do update set hits = r.hits + 1, window_start = now()
        where r.window_start <= now() - make_interval(secs => ${accountSlowdownSeconds})
      returning 1 as ok`,
    );
    if (slot) return;
    // Not this time: give the source its slot back, it guessed nothing.
    await this.db.execute(
      sql`update auth_rate_limits set hits = greatest(hits - 1, 0) where key = ${this.sourceKey}`,
    );
    throw tooSoon(this.req, accountSlowdownSeconds);
  }

  /** A right password: this source's failures are forgotten (its past failures were the owner's typos). */
  async succeeded(tx: Database): Promise<void> {
    await tx.execute(sql`delete from auth_rate_limits where key = ${this.sourceKey}`);
  }

  /** A wrong password: the source keeps its failure; the account counts it, and may raise the alarm. */
  async failed(userId: string | undefined): Promise<void> {
    const n = await hit(this.db, `acct:${this.account}`, 3600);
    if (n !== this.auth.config.auth.accountFailuresPerHour) return;
    // Once per window, when the ceiling is reached: the superusers' dashboard shows it.
    await writeAudit(this.db, {
      action: 'auth.account_under_attack',
      outcome: 'denied',
      actorId: null,
      actorEmail: null,
      ip: requestIp(this.req),
      targetType: 'user',
      targetId: userId ?? this.account,
      details: { account: this.account, failuresInHour: n },
    });
  }

  private async accountFailures(): Promise<number> {
    const [row] = await queryRows<{ hits: number }>(
      this.db,
      sql`select hits from auth_rate_limits
          where key = ${`acct:${this.account}`} and window_start > now() - interval '1 hour'`,
    );
    return Number(row?.hits ?? 0);
  }

  private async isTrustedSource(userId: string): Promise<boolean> {
    const ip = requestIp(this.req);
    if (!ip) return false;
    const rows = await queryRows<{ one: number }>(
      this.db,
      sql`select 1 as one from audit_log
          where actor_id = ${userId} and action = 'auth.sign_in' and outcome = 'success'
            and ip = ${ip}::inet and occurred_at > now() - make_interval(days => ${TRUSTED_SOURCE_DAYS})
          limit 1`,
    );
    return rows.length > 0;
  }
}
