/**
 * The roles module's only door (ADR 0015): roles and their limits, staff role assignment, and the
 * four-eyes engine other modules use (`registerApprovalCommand`, `requestApproval`, `limitsOf`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approvalRoutes } from './approval-routes.ts';
import { registerRoleCommands } from './role-commands.ts';
import { roleRoutes } from './role-routes.ts';

/** `/api/me/permissions`, `/api/roles`, `/api/approvals`. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoleCommands();
  await app.register(roleRoutes);
  await app.register(approvalRoutes);
};

export { staffRoleRoutes } from './role-routes.ts';
export { registerApprovalCommand, type ApprovalActor, type ApprovalCommand } from './approval-registry.ts';
export {
  requestApproval,
  requestApprovalOnce,
  approvalByReference,
  approvalIdByReferenceSql,
  businessDay,
  type ApprovalRequestInput,
} from './request-approval.ts';
export {
  limitsOf,
  limitRowsSql,
  limitsFromRows,
  withinLimit,
  compareDecimal,
  type LimitRow,
} from './limits.ts';
export { withinDailyLimits } from './daily-limits.ts';
export { mayReadApproval } from './approval-list.ts';
export { assignSeedRoles } from './role-repository.ts';
export { DEMO_SECOND_SUPERUSER, rolesDemoStep } from './demo-seed.ts';
