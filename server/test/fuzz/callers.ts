import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { findUserById } from '../../src/modules/auth/users.ts';
import type { StaffUser } from '../support/staff-users.ts';

/** Callers with real credentials: without them the fuzz would only ever meet the guards. */
export const REAL_CALLERS = ['anonKey', 'serviceKey', 'pending', 'activated', 'superuser'] as const;
/** Callers with no, broken or forged credentials: every one must be refused with a 4xx. */
export const BAD_CREDENTIALS = [
  'none',
  'badSignature',
  'algNone',
  'expired',
  'wrongRole',
  'foreignKey',
  'unknownSession',
  'garbage',
] as const;
/**
 * A valid user token with a missing or forged `apikey`: refused by /auth/v1 and /rest/v1, which need
 * the key; /api reads only the token, so there they are real callers.
 */
export const APIKEY_VARIANTS = ['tokenWithoutApikey', 'forgedApikey'] as const;
export const FORGED_CALLERS = [...BAD_CREDENTIALS, ...APIKEY_VARIANTS] as const;
export type CallerName = (typeof REAL_CALLERS)[number] | (typeof FORGED_CALLERS)[number];

type UserKind = 'pending' | 'activated' | 'superuser';
interface UserCaller {
  kind: UserKind;
  userId: string;
  token: string;
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The superuser's claims without the registered ones, to re-sign as forgeries. */
function claimsOf(token: string): Record<string, unknown> {
  const { exp: _exp, iat: _iat, iss: _iss, ...claims } = decodeJwt(token);
  return claims;
}

/**
 * Every caller the fuzz sends requests as. Real users are staff signed up through /auth/v1; their
 * sessions may be ended by a fuzzed request (sign-out, password change), so `repair` re-mints them.
 */
export class Callers {
  private constructor(
    private readonly app: App,
    private readonly users: Record<UserKind, UserCaller>,
    private readonly forged: Record<string, string>,
  ) {}

  static async create(
    app: App,
    make: (kind: UserKind, prefix: string) => Promise<StaffUser>,
  ): Promise<Callers> {
    const users = {} as Record<UserKind, UserCaller>;
    for (const kind of ['pending', 'activated', 'superuser'] as const) {
      const u = await make(kind, `fuzz-${kind}`);
      users[kind] = { kind, userId: u.userId, token: u.auth.slice('Bearer '.length) };
    }
    const jwt = app.authService.jwt;
    const su = users.superuser.token;
    const [header, payload, signature] = su.split('.') as [string, string, string];
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    const foreign = await generateKeyPair('ES256');
    const kid = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string }).kid;
    const forged = {
      badSignature: `${header}.${payload}.${flipped}`,
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      expired: await jwt.sign(claimsOf(su), Math.floor(Date.now() / 1000) - 60),
      wrongRole: await jwt.sign({ ...claimsOf(users.pending.token), role: 'superuser' }),
      foreignKey: await new SignJWT(claimsOf(su))
        .setProtectedHeader({ alg: 'ES256', kid })
        .sign(foreign.privateKey),
      unknownSession: await jwt.sign({ ...claimsOf(su), session_id: randomUUID() }),
    };
    return new Callers(app, users, forged);
  }

  get userIds(): string[] {
    return Object.values(this.users).map((u) => u.userId);
  }

  /** The credential headers of a caller, for every API family at once (each reads its own). */
  headers(name: CallerName): Record<string, string> {
    const { anonKey, serviceRoleKey } = this.app.authService;
    const asUser = (token: string) => ({ apikey: anonKey, authorization: `Bearer ${token}` });
    switch (name) {
      case 'none':
        return {};
      case 'anonKey':
        return { apikey: anonKey, 'x-api-key': anonKey, authorization: `Bearer ${anonKey}` };
      case 'serviceKey':
        return {
          apikey: serviceRoleKey,
          'x-api-key': serviceRoleKey,
          authorization: `Bearer ${serviceRoleKey}`,
        };
      case 'pending':
      case 'activated':
      case 'superuser':
        return asUser(this.users[name].token);
      case 'garbage':
        return { apikey: 'not-a-key', 'x-api-key': 'not-a-key', authorization: 'Basic dXNlcjpwYXNz' };
      case 'tokenWithoutApikey':
        return { authorization: `Bearer ${this.users.superuser.token}` };
      case 'forgedApikey':
        return {
          apikey: this.forged.algNone!,
          'x-api-key': this.forged.algNone!,
          authorization: `Bearer ${this.users.superuser.token}`,
        };
      default:
        return { ...asUser(this.forged[name]!), 'x-api-key': this.forged[name]! };
    }
  }

  /**
   * Undoes what fuzzed writes may have done to the callers themselves (a sign-out ends the session,
   * a password change others); returns true when it had to write. Call it after a successful write.
   */
  async repair(): Promise<boolean> {
    let repaired = false;
    const db = this.app.db;
    for (const u of Object.values(this.users)) {
      const sessionId = String(decodeJwt(u.token).session_id);
      const [row] = await queryRows<{
        alive: boolean;
        approved: boolean | null;
        su: boolean | null;
        banned: boolean;
      }>(
        db,
        sql`select exists (select 1 from auth_sessions where id = ${sessionId}) as alive, s.approved, s.is_superuser as su,
                   coalesce(u.banned_until > now(), false) as banned
            from auth_users u left join staff s on s.user_id = u.id where u.id = ${u.userId}`,
      );
      if (!row) throw new Error(`fuzz caller ${u.kind} was deleted: callers must not be in the path pools`);
      const approved = u.kind !== 'pending';
      if (row.approved !== approved || row.su !== (u.kind === 'superuser') || row.banned) {
        await db.execute(
          sql`update staff set approved = ${approved}, is_superuser = ${u.kind === 'superuser'} where user_id = ${u.userId}`,
        );
        await db.execute(sql`update auth_users set banned_until = null where id = ${u.userId}`);
        repaired = true;
      }
      if (!row.alive || row.banned) {
        const user = await findUserById(db, u.userId);
        u.token = (await this.app.authService.sessions.start(db, user!, 'password', {})).access_token;
        repaired = true;
      }
    }
    return repaired;
  }
}
