/**
 * The approvals module's only door: the four-eyes engine every module uses. A module registers the
 * command a checker's approval runs (`app.approvals.register`), asks whether a request needs a checker
 * (`needsChecker`, by the type's policy in the contracts), and stores the request (`requestApproval`).
 */
export { approvalRoutes } from './routes.ts';
export { registerApprovals } from './plugin.ts';
export type { Approvals, ApprovalActor, ApprovalCommand, SubjectNamer } from './registry.ts';
export {
  requestApproval,
  requestApprovalOnce,
  approvalByReference,
  approvalIdByReferenceSql,
  type ApprovalRequestInput,
} from './request.ts';
export { stillPendingSql, shownStatusSql } from './expiry.ts';
export { needsChecker, overMakerLimit, type CheckerQuestion, type LimitSource } from './maker-limit.ts';
export { mayReadApproval } from './list.ts';
export { approvalActor, approvedBy } from './actor.ts';
