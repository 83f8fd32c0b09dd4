import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authMfaFactors, authUsers, profiles, staff } from '../../db/schema/auth.ts';
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@bankmanager/contracts';
import { AuthError } from './errors.ts';

export type UserRow = typeof authUsers.$inferSelect;
export type FactorRow = typeof authMfaFactors.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The GoTrue user object (docs/auth-protocol.md §3.4, "User object"). */
export function userJson(u: UserRow, factors: FactorRow[] = []): Record<string, unknown> {
  const confirmed = iso(u.emailConfirmedAt);
  const json: Record<string, unknown> = {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: confirmed ?? undefined,
    phone: u.phone ?? '',
    confirmation_sent_at: iso(u.confirmationSentAt) ?? undefined,
    recovery_sent_at: iso(u.recoverySentAt) ?? undefined,
    invited_at: iso(u.invitedAt) ?? undefined,
    new_email: u.emailChange ?? undefined,
    confirmed_at: confirmed ?? undefined,
    last_sign_in_at: iso(u.lastSignInAt) ?? undefined,
    app_metadata: { provider: 'email', providers: ['email'], ...u.appMetadata },
    user_metadata: u.userMetadata,
    identities: u.email
      ? [
          {
            identity_id: u.id,
            id: u.id,
            user_id: u.id,
            identity_data: {
              sub: u.id,
              email: u.email,
              email_verified: confirmed !== null,
              phone_verified: false,
            },
            provider: 'email',
            email: u.email,
            created_at: u.createdAt.toISOString(),
            updated_at: u.updatedAt.toISOString(),
            last_sign_in_at: iso(u.lastSignInAt) ?? u.createdAt.toISOString(),
          },
        ]
      : [],
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    is_anonymous: u.isAnonymous,
  };
  if (u.bannedUntil && u.bannedUntil > new Date()) json.banned_until = u.bannedUntil.toISOString();
  if (factors.length > 0) {
    json.factors = factors.map((f) => ({
      id: f.id,
      friendly_name: f.friendlyName ?? '',
      factor_type: f.factorType,
      status: f.status,
      created_at: f.createdAt.toISOString(),
      updated_at: f.updatedAt.toISOString(),
    }));
  }
  return json;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(authUsers).where(eq(authUsers.email, email));
  return u;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(authUsers).where(eq(authUsers.id, id));
  return u;
}

export async function factorsOf(db: Database, userId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(authMfaFactors)
    .where(eq(authMfaFactors.userId, userId))
    .orderBy(authMfaFactors.createdAt);
}

export async function verifiedFactorsOf(db: Database, userId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.userId, userId), eq(authMfaFactors.status, 'verified')));
}

export async function userWithFactors(db: Database, u: UserRow) {
  return userJson(u, await factorsOf(db, u.id));
}

export const isBanned = (u: UserRow) => u.bannedUntil !== null && u.bannedUntil > new Date();

export const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
export const userAlreadyExists = () =>
  new AuthError(422, AUTH_ERROR_CODES.userAlreadyExists, 'User already registered');
export const mobileExists = () =>
  new AuthError(422, AUTH_ERROR_CODES.mobileExists, AUTH_MESSAGES.mobileAlreadyRegistered);

export interface NewUser {
  email: string;
  passwordHash: string | null;
  confirmed: boolean;
  invited?: boolean;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  profile: { fullName: string; mobileNo: string | null; bankCode: string };
  /** Staff flags for the seeded demo account; everyone else starts pending. */
  staffFlags?: { approved: boolean; isSuperuser: boolean };
}

/** Name of the unique constraint a database error violated, if that is what it is. */
export function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const c = (e as { code?: unknown; constraint?: unknown }).constraint;
    if ((e as { code?: unknown }).code === '23505' && typeof c === 'string') return c;
    const m = /violates unique constraint "([^"]+)"/.exec(e.message);
    if (m) return m[1];
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
}

/**
 * Creates the auth user with its profile and (pending) staff record in the caller's transaction, so no
 * user exists without a profile. Duplicates answer GoTrue codes: email_exists / mobile_exists.
 */
export async function insertUserWithProfile(
  tx: Database,
  n: NewUser,
  duplicateEmail = emailExists,
): Promise<UserRow> {
  if (await findUserByEmail(tx, n.email)) throw duplicateEmail();
  if (n.profile.mobileNo) {
    const [taken] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.mobileNo, n.profile.mobileNo));
    if (taken) throw mobileExists();
  }
  const now = new Date();
  try {
    const [user] = await tx
      .insert(authUsers)
      .values({
        email: n.email,
        passwordHash: n.passwordHash,
        emailConfirmedAt: n.confirmed ? now : null,
        invitedAt: n.invited ? now : null,
        userMetadata: n.userMetadata,
        appMetadata: n.appMetadata ?? {},
      })
      .returning();
    await tx.insert(profiles).values({ id: user!.id, ...n.profile });
    await tx.insert(staff).values({
      userId: user!.id,
      approved: n.staffFlags?.approved ?? false,
      isSuperuser: n.staffFlags?.isSuperuser ?? false,
      approvedAt: n.staffFlags?.approved ? now : null,
      approvedBy: null,
    });
    return user!;
  } catch (err) {
    // A concurrent sign-up with the same address or number got there first.
    const c = violatedConstraint(err);
    if (c === 'auth_users_email_key') throw duplicateEmail();
    if (c === 'profiles_mobile_no_key') throw mobileExists();
    throw err;
  }
}

/** Updates a user row; a clash on the e-mail address is GoTrue's 422 email_exists. */
export async function updateUserRow(
  tx: Database,
  id: string,
  set: Partial<typeof authUsers.$inferInsert>,
): Promise<UserRow> {
  try {
    const rows = await tx.update(authUsers).set(set).where(eq(authUsers.id, id)).returning();
    if (!rows[0]) throw userNotFoundError();
    return rows[0];
  } catch (err) {
    if (violatedConstraint(err) === 'auth_users_email_key') throw emailExists();
    throw err;
  }
}

const userNotFoundError = () => new AuthError(404, 'user_not_found', 'User not found');
