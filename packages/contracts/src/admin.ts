import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';

/** Staff administration (`/api/admin/staff`) and the audit trail (`/api/admin/audit`), superusers only. */

export const STAFF_STATUSES = ['pending', 'active', 'banned'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const STAFF_SORTS = [
  'name',
  'email',
  'mobile',
  'bankCode',
  'status',
  'superuser',
  'lastSignIn',
  'mfa',
  'createdAt',
] as const;
export type StaffSort = (typeof STAFF_SORTS)[number];

/** One row of the Staff users screen. Dates are ISO strings; `status` is derived (banned wins). */
export const staffListItemSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobileNo: z.string().nullable(),
  bankCode: z.string(),
  status: z.enum(STAFF_STATUSES),
  isSuperuser: z.boolean(),
  lastSignInAt: z.string().nullable(),
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  bannedUntil: z.string().nullable(),
});
export type StaffListItem = z.infer<typeof staffListItemSchema>;

/** Query of GET /api/admin/staff (total in X-Total-Count). */
export const staffListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(STAFF_STATUSES).optional(),
  /** 'true': superusers only; 'false': everyone else. */
  superuser: z.enum(['true', 'false']).optional(),
  sort: z.enum(STAFF_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

/** POST /api/admin/staff/:id/:action — every action takes no body. */
export const STAFF_ACTIONS = [
  'approve',
  'revoke-activation',
  'grant-superuser',
  'revoke-superuser',
  'ban',
  'unban',
  'end-sessions',
  'reset-mfa',
  'reject',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Confirmation texts for the screen's dialogs. */
export const STAFF_ACTION_LABELS: Record<StaffAction, string> = {
  approve: 'Approve',
  'revoke-activation': 'Revoke activation',
  'grant-superuser': 'Grant superuser',
  'revoke-superuser': 'Revoke superuser',
  ban: 'Ban',
  unban: 'Unban',
  'end-sessions': 'End all sessions',
  'reset-mfa': 'Reset MFA',
  reject: 'Reject and delete',
};

/** The audit action name each staff action writes. */
export const STAFF_AUDIT_ACTIONS: Record<StaffAction, string> = {
  approve: 'staff.approve',
  'revoke-activation': 'staff.revoke_activation',
  'grant-superuser': 'staff.grant_superuser',
  'revoke-superuser': 'staff.revoke_superuser',
  ban: 'staff.ban',
  unban: 'staff.unban',
  'end-sessions': 'staff.end_sessions',
  'reset-mfa': 'staff.reset_mfa',
  reject: 'staff.reject',
};

/**
 * The answer of an action: the user afterwards (null after reject, which deletes the account). A
 * grant of superuser rights is four-eyes: it answers 202 with the user unchanged and `approvalId`.
 */
export const staffActionResultSchema = z.object({
  action: z.enum(STAFF_ACTIONS),
  user: staffListItemSchema.nullable(),
  approvalId: z.string().optional(),
});
export type StaffActionResult = z.infer<typeof staffActionResultSchema>;

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;

/** A list row of the audit screen; the detail adds `details` (before/after) and the chain hashes. */
export const auditRowSchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The actor's full name from their profile, when they have one (names, not ids, for readers). */
  actorName: z.string().nullable().optional(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** When the target is a person (staff, user, profile): their name, else e-mail, never a bare id. */
  targetName: z.string().nullable().optional(),
  outcome: z.enum(AUDIT_OUTCOMES),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/**
 * An audit row's own facts: each action records what it needs (before and after of an edit, the
 * approval and checker of a four-eyes change, the reason of a refusal), so their keys differ per
 * action. Deliberately free-form, and named so that a generated client says so.
 */
export const auditDetailsSchema = z.record(z.string(), z.unknown()).meta({
  id: 'AuditDetails',
  description:
    'What this action recorded; the keys differ per action (e.g. before, after, approvalId, reason).',
});

export const auditDetailSchema = auditRowSchema.extend({
  details: auditDetailsSchema,
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

/** `YYYY-MM-DD` (a whole UTC day; as `to` it includes that day) or an ISO date-time with offset. */
const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * Filters of GET /api/admin/audit and /export. `actor`: a user id, or part of an e-mail;
 * `action`: an exact name, or a prefix ending in '.' (`auth.`); `target`: the target id.
 */
export const auditFiltersSchema = z.object({
  actor: z.string().trim().min(1).max(200).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  target: z.string().trim().min(1).max(200).optional(),
  targetType: z.string().trim().min(1).max(50).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditListQuerySchema = auditFiltersSchema.extend(pageQuerySchema.shape);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const AUDIT_PAGE_SIZE = 25;

/** POST /api/admin/audit/verify: the whole chain recomputed; `firstBrokenId` names the first bad row. */
/** The signed chain head kept outside the database that the check was made against (decision 0013). */
const auditCheckpointInfoSchema = z.object({ headId: z.number().int(), writtenAt: z.string() });
export const auditVerifyResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), rows: z.number().int(), checkpoint: auditCheckpointInfoSchema.optional() }),
  z.object({
    ok: z.literal(false),
    rows: z.number().int(),
    firstBrokenId: z.number().int(),
    /** What failed: a row's hash, the checkpoint's signature, or rows missing since the checkpoint. */
    problem: z.string().optional(),
    checkpoint: auditCheckpointInfoSchema.optional(),
  }),
]);
export type AuditVerifyResult = z.infer<typeof auditVerifyResultSchema>;

/** The CSV export's header row (the same order as its cells). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurred_at',
  'actor_id',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'outcome',
  'ip',
  'details',
  'hash',
] as const;
