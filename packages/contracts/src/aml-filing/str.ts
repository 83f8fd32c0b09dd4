import { z } from 'zod';
import { isoDateSchema } from '../banking.ts';
import { pageQuerySchema } from '../paging.ts';

/**
 * Suspicious transaction reports (docs/decisions/0048-goaml-filing.md): drafted from an AML case by a
 * holder of `aml.str.prepare`, approved by the MLRO (`aml.str.file`, four-eyes through the approvals
 * module), then frozen and exported as goAML XML and PDF; the FIU's submission date and reference are
 * recorded once. The database refuses to delete an STR or to change one once approved. Only `aml.*`
 * holders learn that an STR exists (tipping-off).
 */
export const STR_STATUSES = ['draft', 'pending_approval', 'approved', 'submitted'] as const;
export type StrStatus = (typeof STR_STATUSES)[number];

/** Grounds for suspicion, as goAML report indicators (codes are the bank's until the FIU's lookup is loaded). */
export const STR_GROUNDS = {
  STRUCT: 'Structuring: cash split to stay under the reporting threshold',
  RAPID: 'Rapid movement of funds in and out',
  DORMANT: 'Dormant account suddenly active',
  PROFILE: 'Activity out of line with the customer’s profile',
  PEP: 'Politically exposed person or high-risk customer',
  THIRDP: 'Many unrelated third parties',
  SANCT: 'Possible sanctions link',
  OTHER: 'Other (see the narrative)',
} as const;
export type StrGround = keyof typeof STR_GROUNDS;
export const STR_GROUND_CODES = Object.keys(STR_GROUNDS) as [StrGround, ...StrGround[]];

export const STR_LABELS = {
  status: {
    draft: 'Draft',
    pending_approval: 'Awaiting the MLRO',
    approved: 'Approved, ready to submit',
    submitted: 'Submitted to the FIU',
  },
} as const;

export const STR_TEXT = {
  notFound: 'No such STR',
  caseNotFound: 'No such AML case',
  notDraft: 'Only a draft STR can be changed or sent for approval.',
  notApproved: 'Only an approved STR is submitted to the FIU.',
  submittedTwice: 'The FIU submission of this STR is already recorded.',
  openDraft: 'This case already has an STR in progress.',
  unknownAccount: (n: string) => `Account ${n} is not the subject's`,
  unknownTransaction: (r: string) => `Transaction ${r} is not on the subject's accounts`,
  notFrozen: 'The STR is exported once the MLRO has approved it.',
} as const;

const ACCOUNT_NUMBER = z.string().regex(/^\d{6,20}$/, 'must be an account number');

/** POST /api/str-reports (draft) and PUT /api/str-reports/:id (edit a draft). */
export const strDraftSchema = z.object({
  /** The AML case the report comes from. */
  caseId: z.uuid(),
  /** The subject: the customer the case is about. */
  custId: z.number().int().positive(),
  accounts: z.array(ACCOUNT_NUMBER).max(50).default([]),
  /** Journal entry references of the suspicious transactions (on the subject's accounts). */
  transactions: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
  grounds: z.array(z.enum(STR_GROUND_CODES)).min(1, 'Name at least one ground').max(8),
  /** Why it is suspicious: goAML's `reason`. */
  narrative: z.string().trim().min(20, 'Write at least 20 characters').max(20_000),
  /** What the bank did about it: goAML's `action`. */
  action: z.string().trim().max(4000).default(''),
});
export type StrDraft = z.infer<typeof strDraftSchema>;

export const strReportSchema = z.object({
  id: z.string(),
  reference: z.string(),
  caseId: z.string(),
  custId: z.number().int(),
  customerName: z.string(),
  status: z.enum(STR_STATUSES),
  accounts: z.array(z.string()),
  transactions: z.array(z.string()),
  grounds: z.array(z.enum(STR_GROUND_CODES)),
  narrative: z.string(),
  action: z.string(),
  preparedBy: z.string(),
  preparedAt: z.string(),
  approvalId: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  contentHash: z.string().nullable(),
  fiuSubmittedOn: isoDateSchema.nullable(),
  fiuReference: z.string().nullable(),
});
export type StrReport = z.infer<typeof strReportSchema>;

export const strListQuerySchema = pageQuerySchema.extend({
  status: z.enum(STR_STATUSES).optional(),
  /** Part of the reference or of the subject's name. */
  q: z.string().trim().max(100).optional(),
  /** csv: every matching STR, for the compliance file (audited). */
  format: z.enum(['json', 'csv']).default('json'),
});
export type StrListQuery = z.infer<typeof strListQuerySchema>;
export const strParamSchema = z.object({ id: z.uuid() });
export const strFileParamSchema = z.object({ id: z.uuid(), format: z.enum(['xml', 'pdf']) });

export const strFileName = (reference: string, format: 'xml' | 'pdf') =>
  `${reference.toLowerCase()}.${format}`;
