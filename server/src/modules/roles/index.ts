/**
 * The roles module's only door: roles and their limits, staff role assignment and home branch. The
 * four-eyes engine these changes go through is the approvals module; `roleLimits` is what it reads a
 * person's limits with.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LimitSource } from '../approvals/index.ts';
import { withinDailyLimits, withinDailyTotals } from './daily-limits.ts';
import { limitsOf } from './limits.ts';
import { registerRoleCommands } from './role-commands.ts';
import { roleRoutes } from './role-routes.ts';

/** `/api/me/permissions`, `/api/roles`. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoleCommands(app.approvals);
  await app.register(roleRoutes);
};

/** A person's limits per currency and the day's totals against them, for the approvals engine. */
export const roleLimits: LimitSource = { limitsOf, withinDailyLimits, withinDailyTotals };
export { accountDayCap, dailyTotalsSql, type DailyTotals } from './daily-limits.ts';

export { staffRoleRoutes } from './role-routes.ts';
export { limitsOf, limitRowsSql, limitsFromRows, type LimitRow } from './limits.ts';
export { assignSeedRoles } from './role-repository.ts';
export { DEMO_SECOND_SUPERUSER, rolesDemoStep } from './demo-seed.ts';
