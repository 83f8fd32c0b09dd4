import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { PERMISSION_TEXT, holds, type Permission, type RouteAccess } from '@bankmanager/contracts';
import { HttpError } from '../../lib/http-error.ts';
import {
  currentUser,
  requireActivated,
  requireApiKeyOrUser,
  requireSuperuser,
  requireUser,
} from './guards.ts';

/**
 * Permission guards (ADR 0015). Every `/api` route declares what it needs, either by its guard
 * (`requirePermission('journal.post')`, or one of the access-level guards below, which carry their
 * level) or by `config: { access: 'public' }` for a route with no guard. `routeAccessOf` reads the
 * declaration; the route-permission test fails for any `/api` route where it finds none.
 */
type Guard = ((req: FastifyRequest, reply: FastifyReply) => Promise<void>) & { access?: RouteAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs when its guard does not say (e.g. `public`). */
    access?: RouteAccess;
  }
}

const denied = (permission: string, message: string = PERMISSION_TEXT.denied(permission)) =>
  new HttpError(403, message, { permission });

/** 403 `{ error, details: { permission } }` unless the (activated) caller holds `p`; superusers pass. */
export function requirePermission(permission: Permission): Guard {
  const guard: Guard = async (req, reply) => {
    await requireActivated(req, reply);
    if (!holds(currentUser(req), permission)) throw denied(permission);
  };
  guard.access = permission;
  return guard;
}

/** Whether the caller (after a guard ran) holds `p`. */
export const callerHolds = (req: FastifyRequest, p: Permission): boolean => holds(currentUser(req), p);

/** 403 unless the caller holds `p`, for checks inside a handler (e.g. a second permission). */
export function assertPermission(req: FastifyRequest, p: Permission): void {
  if (!callerHolds(req, p)) throw denied(p);
}

/**
 * Branch scope: a caller without `branches.all` acts only in their home branch. 403 with the
 * permission that would allow it.
 */
export function assertBranch(req: FastifyRequest, branchCode: string): void {
  if (!inBranchScope(req, branchCode)) throw denied('branches.all', PERMISSION_TEXT.otherBranch);
}

/** Whether the caller may act in `branchCode` (their home branch, or any with `branches.all`). */
export function inBranchScope(req: FastifyRequest, branchCode: string): boolean {
  const u = currentUser(req);
  return holds(u, 'branches.all') || u.homeBranch === branchCode;
}

/**
 * The branch a list may show: any (or the one asked for) with `branches.all`, else the caller's home
 * branch only (`(none)`, matching nothing, without one); asking for another is 403, as acting there
 * would be. Every branch-scoped list filters with it (customers, accounts, registered users).
 */
export function listBranch(req: FastifyRequest, asked: string | undefined): string | undefined {
  const u = currentUser(req);
  if (holds(u, 'branches.all')) return asked;
  if (asked !== undefined) assertBranch(req, asked);
  return u.homeBranch ?? '(none)';
}

// The access-level guards carry their level, so a route using one declares it.
const withAccess = (guard: Guard, access: RouteAccess): Guard => {
  const g: Guard = (req, reply) => guard(req, reply);
  g.access = access;
  return g;
};
export const requireSignedIn = withAccess(requireUser, 'signed-in');
export const requireActivatedStaff = withAccess(requireActivated, 'activated');
export const requireSuperuserOnly = withAccess(requireSuperuser, 'superuser');
export const requirePublicOrUser = withAccess(requireApiKeyOrUser, 'public');

const hookList = (h: unknown): unknown[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);
const isGuard = (h: unknown): h is Guard =>
  typeof h === 'function' &&
  ((h as Guard).access !== undefined ||
    [requireUser, requireActivated, requireSuperuser, requireApiKeyOrUser].includes(h as Guard));

/**
 * onRoute for /api: a route's guards run as preValidation, before Fastify validates the body, so a
 * caller who is not signed in (or may not use the route) gets 401/403 and never the 400 that
 * describes the body the route expects. Other preHandlers stay where they are, after validation.
 */
export function authenticateBeforeValidation(route: RouteOptions): void {
  const pre = hookList(route.preHandler);
  const guards = pre.filter(isGuard);
  if (guards.length === 0) return;
  route.preHandler = pre.filter((h) => !isGuard(h)) as RouteOptions['preHandler'];
  route.preValidation = [...guards, ...hookList(route.preValidation)] as RouteOptions['preValidation'];
}

/** What a route declares it needs, or undefined when it declares nothing (a test failure). */
export function routeAccessOf(
  route: Pick<RouteOptions, 'preHandler' | 'preValidation' | 'onRequest' | 'config'>,
): RouteAccess | undefined {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flatMap(hookList);
  for (const h of hooks) {
    const access = (h as Guard).access;
    if (access) return access;
  }
  return route.config?.access;
}
