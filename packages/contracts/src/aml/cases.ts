import { z } from 'zod';
import { isoDateSchema, moneySchema } from '../banking.ts';
import { pageQuerySchema } from '../paging.ts';
import type { Permission } from '../permissions.ts';
import { AML_SCENARIOS } from './rules.ts';
import { amlAttachmentSchema } from './attachments.ts';

/**
 * Alerts and cases. An alert is one rule's hit on one customer for one business date; the alerts of
 * a customer group into that customer's active case. Only `aml.*` holders ever see either: a customer
 * must not be tipped off, so nobody who serves them learns of it (no menu, badge, toast or topic).
 */
export const AML_CASE_STATUSES = [
  'open',
  'under_investigation',
  'escalated',
  'closed_no_action',
  'str_filed',
] as const;
export type AmlCaseStatus = (typeof AML_CASE_STATUSES)[number];
/** A customer has at most one case in these at a time; new alerts join it. */
export const AML_ACTIVE_CASE_STATUSES = ['open', 'under_investigation', 'escalated'] as const;

export const AML_CASE_STATUS_LABELS: Record<AmlCaseStatus, string> = {
  open: 'Open',
  under_investigation: 'Under investigation',
  escalated: 'Escalated to the MLRO',
  closed_no_action: 'Closed: no further action',
  str_filed: 'STR filed',
};

export const AML_CASE_ACTIONS = ['investigate', 'escalate', 'close', 'dismiss', 'file_str'] as const;
export type AmlCaseAction = (typeof AML_CASE_ACTIONS)[number];

export interface AmlCaseTransition {
  label: string;
  from: readonly AmlCaseStatus[];
  to: AmlCaseStatus;
  permission: Permission;
  /** The audit action written with the change. */
  audit: string;
  reasonRequired: boolean;
  /** `str`: only the STR filing sets it (its own four-eyes), never the transitions route. */
  by?: 'str';
}

/**
 * The case lifecycle, one table for server and web: who may move a case from which states. An
 * escalated case is the MLRO's: only they close it or file the STR.
 */
export const AML_CASE_TRANSITIONS: Record<AmlCaseAction, AmlCaseTransition> = {
  investigate: {
    label: 'Start investigation',
    from: ['open'],
    to: 'under_investigation',
    permission: 'aml.cases',
    audit: 'aml.case_investigate',
    reasonRequired: false,
  },
  escalate: {
    label: 'Escalate to the MLRO',
    from: ['open', 'under_investigation'],
    to: 'escalated',
    permission: 'aml.cases',
    audit: 'aml.case_escalate',
    reasonRequired: true,
  },
  close: {
    label: 'Close: no further action',
    from: ['open', 'under_investigation'],
    to: 'closed_no_action',
    permission: 'aml.cases',
    audit: 'aml.case_close',
    reasonRequired: true,
  },
  dismiss: {
    label: 'Close escalated case: no further action',
    from: ['escalated'],
    to: 'closed_no_action',
    permission: 'aml.str.file',
    audit: 'aml.case_close',
    reasonRequired: true,
  },
  file_str: {
    label: 'STR filed',
    from: ['escalated'],
    to: 'str_filed',
    permission: 'aml.str.file',
    audit: 'aml.case_str_filed',
    reasonRequired: false,
    by: 'str',
  },
};

export const AML_TEXT = {
  alertNotFound: 'No alert with this id.',
  caseNotFound: 'No case with this id.',
  notAllowedFrom: (status: string) => `A case that is ${status} cannot take this step.`,
  strOnly: 'A case is marked STR filed by filing its STR, not here.',
  reasonRequired: 'Give the reason',
  noteRequired: 'Write the note',
  staleCase: 'The case changed since you opened it; reload it.',
} as const;

const scenario = z.enum(AML_SCENARIOS);

export const amlAlertSchema = z.object({
  id: z.string(),
  scenario,
  ruleVersion: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  branch: z.string(),
  businessDate: isoDateSchema,
  score: z.number().int(),
  amount: moneySchema,
  currency: z.string(),
  /** The journal entries that made the hit (links to the transactions). */
  entryIds: z.array(z.string()),
  /** What the rule saw (sums, counts, the window), by name; differs per scenario. */
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())])),
  caseId: z.string().nullable(),
  createdAt: z.string(),
});
export type AmlAlert = z.infer<typeof amlAlertSchema>;

export const AML_ALERT_SORTS = ['newest', 'score'] as const;
export const amlAlertQuerySchema = pageQuerySchema.extend({
  scenario: scenario.optional(),
  /** `unassigned`: not yet in a case. */
  state: z.enum(['unassigned', 'in_case']).optional(),
  q: z.string().trim().max(100).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  sort: z.enum(AML_ALERT_SORTS).default('newest'),
  format: z.enum(['json', 'csv']).default('json'),
});
export type AmlAlertQuery = z.infer<typeof amlAlertQuerySchema>;

export const amlCaseSchema = z.object({
  id: z.string(),
  status: z.enum(AML_CASE_STATUSES),
  customerId: z.number().int(),
  customerName: z.string(),
  branch: z.string(),
  assigneeEmail: z.string().nullable(),
  alertCount: z.number().int(),
  maxScore: z.number().int(),
  openedAt: z.string(),
  openedBy: z.string(),
  updatedAt: z.string(),
  closedReason: z.string().nullable(),
  version: z.number().int(),
});
export type AmlCase = z.infer<typeof amlCaseSchema>;

export const AML_CASE_SORTS = ['updated', 'score'] as const;
export const amlCaseQuerySchema = pageQuerySchema.extend({
  status: z.enum(AML_CASE_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  mine: z.enum(['true', 'false']).optional(),
  sort: z.enum(AML_CASE_SORTS).default('updated'),
  format: z.enum(['json', 'csv']).default('json'),
});
export type AmlCaseQuery = z.infer<typeof amlCaseQuerySchema>;

export const AML_CASE_EVENT_KINDS = ['opened', 'transition', 'note', 'assigned', 'attachment'] as const;
/** What a history line says when it is not a move to a status (the file name or note follows it). */
export const AML_CASE_EVENT_LABELS: Record<(typeof AML_CASE_EVENT_KINDS)[number], string> = {
  opened: 'Opened',
  transition: 'Moved',
  note: 'Note',
  assigned: 'Assignment',
  attachment: 'Evidence filed',
};

export const amlCaseEventSchema = z.object({
  id: z.string(),
  kind: z.enum(AML_CASE_EVENT_KINDS),
  actorEmail: z.string(),
  at: z.string(),
  fromStatus: z.enum(AML_CASE_STATUSES).nullable(),
  toStatus: z.enum(AML_CASE_STATUSES).nullable(),
  text: z.string().nullable(),
});

export const amlCaseFileSchema = amlCaseSchema.extend({
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    branch: z.string(),
    type: z.string(),
    risk: z.string(),
    pep: z.boolean(),
    status: z.string(),
  }),
  alerts: z.array(amlAlertSchema),
  events: z.array(amlCaseEventSchema),
  attachments: z.array(amlAttachmentSchema),
});
export type AmlCaseFile = z.infer<typeof amlCaseFileSchema>;

export const amlIdParamSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be an alert id') });
export const amlCaseParamSchema = z.object({ id: z.uuid('must be a case id') });
export const amlOpenCaseSchema = z.object({ alertId: z.string().regex(/^\d{1,18}$/, 'must be an alert id') });
export const amlTransitionSchema = z.object({
  action: z.enum(AML_CASE_ACTIONS),
  reason: z.string().trim().max(1000).optional(),
  version: z.number().int().min(1),
});
export type AmlTransition = z.infer<typeof amlTransitionSchema>;
export const amlNoteSchema = z.object({ text: z.string().trim().min(1, AML_TEXT.noteRequired).max(4000) });
export const amlAssignSchema = z.object({ assignee: z.enum(['me', 'nobody']) });
