import type { ApprovalActor } from './registry.ts';

/** Who an approved command acts as: the maker (its actor in the audit trail), from the checker's address. */
export const approvalActor = (maker: ApprovalActor, checker: ApprovalActor): ApprovalActor => ({
  ...maker,
  ip: checker.ip,
});

/** The audit details that name the approval and its checker. */
export const approvedBy = (approvalId: string, checker: ApprovalActor) => ({
  approvalId,
  approvedBy: checker.email,
});
