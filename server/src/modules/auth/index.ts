/**
 * The auth module's only door: other modules and the app import from here, never from a file inside
 * (lint enforces it, eslint/boundaries-server.js). Everything else in this folder is the
 * GoTrue-compatible service's own business.
 */

// Registration: decorates the app with `authService` and serves /auth/v1.
export { registerAuth, EXPOSED_HEADERS } from './plugin.ts';

// Guards for /api routes, and the caller they establish.
export {
  currentUser,
  requireActivated,
  requireApiKeyOrUser,
  requireSuperuser,
  requireUser,
  type AuthUser,
} from './guards.ts';

// Permissions (ADR 0015): the guard factory, branch scope, and what each route declares it needs.
export {
  assertBranch,
  assertPermission,
  authenticateBeforeValidation,
  callerHolds,
  inBranchScope,
  listBranch,
  requireActivatedStaff,
  requirePermission,
  requirePublicOrUser,
  requireSignedIn,
  requireSuperuserOnly,
  routeAccessOf,
} from './permission-guards.ts';

// The table API's (/rest/v1) view of the caller.
export { tableApiCaller, type TableApiCaller } from './table-api-caller.ts';
export { isUuid } from './body.ts';

// The realtime socket's view of a token (/realtime/v1 joins and access_token updates).
export { isApiKey, socketCaller, type SocketCaller } from './socket-caller.ts';

// Administrator operations on accounts (the staff module's actions use them).
export { banUser, deleteUser, endUserSessions, resetMfa, unbanUser } from './admin-operations.ts';

// Demo data: the demo sign-in (seeded by src/demo-seed.ts on a first embedded start).
export { DEMO_ACCOUNT, demoAccountStep, insertDemoUser, type DemoUser } from './demo-account.ts';
