/**
 * The staff module's only door: the caller's own activation (`/api/user/...`) and, mounted by the
 * admin module under `/api/admin`, staff administration for superusers.
 */
export { staffRoutes } from './activation-routes.ts';
export { staffAdminRoutes } from './admin-routes.ts';
export { bootstrapWarning } from './bootstrap.ts';
