import type { FastifyReply, FastifyRequest } from 'fastify';
import { holds, isPermission } from '@bankmanager/contracts';
import { currentUser, requireUser, tableApiCaller, type AuthUser } from '../auth/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { accessDenied, unauthorized } from './errors.ts';

/** Who calls `/storage/v1`, as the real service's row-level security would see them. */
export type StorageCaller = { kind: 'service-role' } | { kind: 'anon' } | { kind: 'staff'; user: AuthUser };

/** Bucket administration (create, update, empty, delete; list every bucket). */
export const STORAGE_MANAGE = 'storage.manage';

export type BucketOperation = 'read' | 'write' | 'delete';

/** The permission columns of a bucket: null means nobody but the service role. */
export interface BucketPolicy {
  public: boolean;
  readPermission: string | null;
  writePermission: string | null;
  deletePermission: string | null;
}

/**
 * Whether a staff user holds `permission`: an activated member of staff whose roles grant it (read
 * from the database on each request by the auth guard, ADR 0015), or a superuser. A name that is not
 * a permission of the contracts is held by nobody.
 */
export function holdsPermission(user: AuthUser, permission: string): boolean {
  return user.isActivated && isPermission(permission) && holds(user, permission);
}

const callers = new WeakMap<FastifyRequest, StorageCaller>();

/** The caller: an apikey is required (as the real service); the bearer says who. Once per request. */
export async function storageCaller(req: FastifyRequest, reply: FastifyReply): Promise<StorageCaller> {
  let caller = callers.get(req);
  if (!caller) callers.set(req, (caller = await resolveCaller(req, reply)));
  return caller;
}

/**
 * preValidation of every route but the public and signed ones: who calls is settled before the body
 * is looked at, so an unauthenticated request is 401 whatever it sends.
 */
export async function identifyCaller(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const url = req.routeOptions.url ?? '';
  if (/\/object\/(public|sign|upload\/sign)\//.test(url) && req.method !== 'POST') return;
  await storageCaller(req, reply);
}

async function resolveCaller(req: FastifyRequest, reply: FastifyReply): Promise<StorageCaller> {
  const caller = await tableApiCaller(req);
  switch (caller.kind) {
    case 'no-api-key':
      throw unauthorized('No API key found in request');
    case 'invalid':
      throw new HttpError(400, `Invalid JWT: ${caller.message}`);
    case 'insufficient-aal':
      // A password-only session of a user with a verified factor (docs/security.md, finding 4).
      throw new HttpError(403, caller.message);
    case 'service-role':
      return { kind: 'service-role' };
    case 'anon':
      return { kind: 'anon' };
    case 'user':
      try {
        await requireUser(req, reply);
      } catch {
        throw unauthorized('Invalid or expired session');
      }
      return { kind: 'staff', user: currentUser(req) };
  }
}

/** May `caller` do `operation` on the objects of a bucket with `policy`? (Public reads go elsewhere.) */
export function mayAccess(caller: StorageCaller, policy: BucketPolicy, operation: BucketOperation): boolean {
  if (caller.kind === 'service-role') return true;
  if (caller.kind !== 'staff') return false;
  const permission =
    operation === 'read'
      ? policy.readPermission
      : operation === 'write'
        ? policy.writePermission
        : policy.deletePermission;
  return permission !== null && holdsPermission(caller.user, permission);
}

export function assertAccess(caller: StorageCaller, policy: BucketPolicy, operation: BucketOperation): void {
  if (!mayAccess(caller, policy, operation)) throw accessDenied();
}

/** Bucket administration: the service role, or staff holding `storage.manage`. */
export function assertManager(caller: StorageCaller): void {
  if (caller.kind === 'service-role') return;
  if (caller.kind === 'staff' && holdsPermission(caller.user, STORAGE_MANAGE)) return;
  throw accessDenied('Only the service role or staff with storage.manage may administer buckets');
}

/** The audit actor of a storage change. */
export function auditActor(caller: StorageCaller): { actorId: string | null; actorEmail: string | null } {
  return caller.kind === 'staff'
    ? { actorId: caller.user.userId, actorEmail: caller.user.email }
    : { actorId: null, actorEmail: null };
}
