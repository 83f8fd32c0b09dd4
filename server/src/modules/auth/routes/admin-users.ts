import type { FastifyInstance, FastifyRequest } from 'fastify';
import { count, desc } from 'drizzle-orm';
import { DEFAULT_BANK_CODE, SIGN_UP_MESSAGES, digitsOnly, isValidSignUpMobile } from '@bankmanager/contracts';
import { authUsers } from '../../../db/schema/auth.ts';
import type { Database } from '../../../db/client.ts';
import { noAuthorization, notAdmin, userNotFound, validationFailed } from '../errors.ts';
import { asBody, isUuid, optBoolean, optNewEmail, optObject, optString, type Body } from '../body.ts';
import { bearerOf, roleOfKey } from '../authenticate.ts';
import {
  findUserById,
  insertUserWithProfile,
  updateUserRow,
  userWithFactors,
  type NewUser,
  type UserRow,
} from '../users.ts';
import type { AuthService } from '../service.ts';
import { mergeMetadata } from './user.ts';
import { deleteUser } from '../admin-operations.ts';

/** Go duration strings as GoTrue's ban_duration takes them ("24h", "1h30m", "90s"); "none" lifts a ban. */
export function parseGoDuration(s: string): number {
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g;
  if (!/^(\d+(?:\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(s))
    throw validationFailed('ban_duration: invalid duration');
  const unit: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  let ms = 0;
  for (const m of s.matchAll(re)) ms += Number(m[1]) * unit[m[2]!]!;
  return ms;
}

/** Profile fields for accounts created by an administrator: the metadata is optional there. */
export function profileFromMetadata(meta: Record<string, unknown>): NewUser['profile'] {
  const fullName = typeof meta.fullName === 'string' ? meta.fullName.trim() : '';
  let mobileNo: string | null = null;
  if (typeof meta.mobileNo === 'string' && meta.mobileNo.trim() !== '') {
    mobileNo = digitsOnly(meta.mobileNo);
    if (!isValidSignUpMobile(mobileNo)) throw validationFailed(SIGN_UP_MESSAGES.mobileInvalid);
  }
  const bankCode =
    typeof meta.bank_code === 'string' && meta.bank_code.trim() !== ''
      ? meta.bank_code.trim().slice(0, 16)
      : DEFAULT_BANK_CODE;
  return { fullName, mobileNo, bankCode };
}

/** Service-role key only: any other bearer is 403 not_admin. */
export async function requireServiceRole(auth: AuthService, req: FastifyRequest): Promise<void> {
  const token = bearerOf(req);
  if (!token) throw noAuthorization();
  if ((await roleOfKey(auth.jwt, token)) !== 'service_role') throw notAdmin();
}

const ADMIN_ACTOR = { actorId: null, actorEmail: 'service_role' };

export async function adminCreateUser(
  auth: AuthService,
  tx: Database,
  req: FastifyRequest,
  body: Body,
  opts: { invited?: boolean; confirmed?: boolean },
) {
  const email = optNewEmail(body);
  if (!email) throw validationFailed('Unable to validate email address: invalid format');
  const password = optString(body, 'password', 1024);
  if (password !== undefined) auth.passwords.assertStrong(password);
  const meta = optObject(body, 'user_metadata') ?? optObject(body, 'data') ?? {};
  const user = await insertUserWithProfile(tx, {
    email,
    passwordHash: password === undefined ? null : await auth.passwords.hash(password),
    confirmed: opts.confirmed ?? optBoolean(body, 'email_confirm') ?? false,
    invited: opts.invited ?? false,
    userMetadata: meta,
    appMetadata: optObject(body, 'app_metadata') ?? {},
    profile: profileFromMetadata(meta),
  });
  await auth.audit(tx, req, {
    action: opts.invited ? 'auth.admin_invite' : 'auth.admin_create_user',
    outcome: 'success',
    ...ADMIN_ACTOR,
    targetType: 'user',
    targetId: user.id,
    details: { email },
  });
  return user;
}

export function adminUserRoutes(app: FastifyInstance, auth: AuthService): void {
  const userParam = async (req: FastifyRequest): Promise<UserRow> => {
    const id = (req.params as { id: string }).id;
    const user = isUuid(id) ? await findUserById(auth.db, id.toLowerCase()) : undefined;
    if (!user) throw userNotFound();
    return user;
  };

  app.get('/admin/users', async (req, reply) => {
    await requireServiceRole(auth, req);
    const q = req.query as Record<string, unknown>;
    const int = (v: unknown, d: number) => (typeof v === 'string' ? Number.parseInt(v, 10) || d : d);
    const page = Math.max(1, int(q.page, 1));
    const perPage = Math.min(1000, Math.max(1, int(q.per_page, 50)));
    const [{ total } = { total: 0 }] = await auth.db.select({ total: count() }).from(authUsers);
    const rows = await auth.db
      .select()
      .from(authUsers)
      .orderBy(desc(authUsers.createdAt), desc(authUsers.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const base = `${auth.config.publicUrl}/auth/v1/admin/users`;
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links = [];
    if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    reply.header('x-total-count', String(total)).header('link', links.join(', '));
    return { aud: 'authenticated', users: await Promise.all(rows.map((u) => userWithFactors(auth.db, u))) };
  });

  app.post('/admin/users', async (req) => {
    await requireServiceRole(auth, req);
    const user = await auth.db.transaction((tx) => adminCreateUser(auth, tx, req, asBody(req.body), {}));
    return userWithFactors(auth.db, user);
  });

  app.get('/admin/users/:id', async (req) => {
    await requireServiceRole(auth, req);
    return userWithFactors(auth.db, await userParam(req));
  });

  app.put('/admin/users/:id', async (req) => {
    await requireServiceRole(auth, req);
    const user = await userParam(req);
    const body = asBody(req.body);
    const set: Partial<typeof authUsers.$inferInsert> = { updatedAt: new Date() };
    const email = optNewEmail(body);
    if (email && email !== user.email) set.email = email;
    const password = optString(body, 'password', 1024);
    if (password !== undefined) {
      auth.passwords.assertStrong(password);
      set.passwordHash = await auth.passwords.hash(password);
    }
    if (optBoolean(body, 'email_confirm') === true && !user.emailConfirmedAt)
      set.emailConfirmedAt = new Date();
    const userMeta = optObject(body, 'user_metadata');
    if (userMeta) set.userMetadata = mergeMetadata(user.userMetadata, userMeta);
    const appMeta = optObject(body, 'app_metadata');
    if (appMeta) set.appMetadata = mergeMetadata(user.appMetadata, appMeta);
    const ban = optString(body, 'ban_duration', 32);
    if (ban !== undefined)
      set.bannedUntil = ban === 'none' ? null : new Date(Date.now() + parseGoDuration(ban));

    const updated = await auth.db.transaction(async (tx) => {
      // A ban, or a password set by an administrator, ends the user's sessions at once.
      if ((set.bannedUntil ?? null) !== null || set.passwordHash) await auth.sessions.endAllOf(tx, user.id);
      const row = await updateUserRow(tx, user.id, set);
      const action =
        ban !== undefined
          ? ban === 'none'
            ? 'auth.admin_unban'
            : 'auth.admin_ban'
          : set.passwordHash
            ? 'auth.admin_password_change'
            : 'auth.admin_update_user';
      await auth.audit(tx, req, {
        action,
        outcome: 'success',
        ...ADMIN_ACTOR,
        targetType: 'user',
        targetId: user.id,
        details: { fields: Object.keys(set).filter((k) => k !== 'passwordHash' && k !== 'updatedAt') },
      });
      return row;
    });
    return userWithFactors(auth.db, updated);
  });

  app.delete('/admin/users/:id', async (req) => {
    await requireServiceRole(auth, req);
    const user = await userParam(req);
    await auth.db.transaction(async (tx) => {
      await auth.audit(tx, req, {
        action: 'auth.admin_delete_user',
        outcome: 'success',
        ...ADMIN_ACTOR,
        targetType: 'user',
        targetId: user.id,
        details: { email: user.email },
      });
      await deleteUser(tx, user.id);
    });
    return {};
  });
}
