import { z } from 'zod';
import { CUSTOMER_STATUSES, CUSTOMER_TYPES, isoDateSchema, moneySchema } from '../banking.ts';
import { pageQuerySchema } from '../paging.ts';
import { CUSTOMER_ACTION_LIST } from './lifecycle.ts';
import { CUSTOMER_TEXT as T } from './messages.ts';
import { CONTACT_CHANNELS, CUSTOMER_DOCUMENT_KINDS } from './reference-data.ts';
import { RISK_RATINGS } from './risk.ts';

/**
 * The customers API: `/api/customers…`. Shapes only; the record itself is in record.ts.
 * The existing `GET /api/customers/:custId` of the subscription form keeps its fields (it lives in
 * mobile-banking); the 360 view is `GET /api/customers/:custId/360`.
 */
export const CUSTOMER_SORTS = ['name', 'id', 'created', 'risk', 'status'] as const;
export const customerListQuerySchema = pageQuerySchema.extend({
  /** Name, zero-padded id, NIN / passport / registration number or mobile. */
  q: z.string().trim().max(100).optional(),
  type: z.enum(CUSTOMER_TYPES).optional(),
  status: z.enum(CUSTOMER_STATUSES).optional(),
  branch: z.string().max(10).optional(),
  risk: z.enum(RISK_RATINGS).optional(),
  kyc: z.enum(['complete', 'incomplete']).optional(),
  sort: z.enum(CUSTOMER_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  status: z.enum(CUSTOMER_STATUSES),
  branch: z.string(),
  mobile: z.string(),
  idNumber: z.string().nullable(),
  risk: z.enum(RISK_RATINGS),
  kycComplete: z.boolean(),
  createdAt: z.string(),
});
export type CustomerListRow = z.infer<typeof customerListRowSchema>;

export const customerDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(CUSTOMER_DOCUMENT_KINDS),
  /** Storage object path in the `customer-documents` bucket. */
  objectPath: z.string(),
  contentType: z.string(),
  current: z.boolean(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});

/** POST /api/customers/:id/documents: multipart with `kind` and `file`; this is the JSON part. */
export const customerDocumentUploadSchema = z.object({ kind: z.enum(CUSTOMER_DOCUMENT_KINDS) });
/** The whole multipart body of that upload, as OpenAPI shows it: `kind` first, then one `file`. */
export const customerDocumentUploadFormSchema = customerDocumentUploadSchema.extend({
  file: z.file().describe('PNG, JPEG or PDF, up to the bucket’s 5 MB'),
});

export const customer360Schema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  status: z.enum(CUSTOMER_STATUSES),
  branch: z.string(),
  risk: z.object({ rating: z.enum(RISK_RATINGS), reasons: z.array(z.string()), overridden: z.boolean() }),
  kyc: z.object({ complete: z.boolean(), missing: z.array(z.string()) }),
  /** The kind's record as created (record.ts), for the details tab and edits. */
  details: z.record(z.string(), z.unknown()),
  related: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.string() })),
  mandate: z.string().nullable(),
  accounts: z.array(
    z.object({
      accountNumber: z.string(),
      type: z.string(),
      /** The product's name; null for an account that has no product (loans, GL-migrated accounts). */
      product: z.string().nullable(),
      currency: z.string(),
      status: z.string(),
      balance: moneySchema,
    }),
  ),
  documents: z.array(customerDocumentSchema),
  preferredChannel: z.enum(CONTACT_CHANNELS).nullable(),
  pendingApprovals: z.array(z.object({ id: z.string(), type: z.string(), makerEmail: z.string() })),
  /** Set when this record was merged into another. */
  mergedInto: z.number().int().nullable(),
});
export type Customer360 = z.infer<typeof customer360Schema>;

/** PATCH /api/customers/:id: changed fields plus the version the editor saw (optimistic locking). */
export const customerPatchSchema = z.object({
  version: z.number().int().nonnegative(),
  changes: z.record(z.string(), z.unknown()),
  /** Confirms a possible-duplicate warning the first attempt returned. */
  confirmDuplicates: z.boolean().optional(),
});

export const customerStatusChangeSchema = z.object({
  action: z.enum(CUSTOMER_ACTION_LIST),
  reason: z.string().trim().min(3, T.reasonRequired).max(500),
});

export const customerMergeSchema = z.object({
  survivorId: z.number().int().positive(),
  mergedId: z.number().int().positive(),
  reason: z.string().trim().min(3, T.reasonRequired).max(500),
});

export const customerBranchMoveSchema = z.object({
  branch: z.string().min(1).max(10),
  reason: z.string().trim().min(3, T.reasonRequired).max(500),
});

export const riskOverrideSchema = z.object({
  rating: z.enum(RISK_RATINGS),
  reason: z.string().trim().min(3, T.reasonRequired).max(500),
  /** Enhanced due diligence, required when the result is high. */
  eddNotes: z.string().trim().max(2000).optional(),
  reviewOn: isoDateSchema.optional(),
});

/** GET /api/customers/:id/contacts: one logged contact, newest first (paged, X-Total-Count). */
export const contactLogRowSchema = z.object({
  id: z.number().int(),
  channel: z.enum(CONTACT_CHANNELS),
  summary: z.string(),
  at: z.string(),
  /** E-mail of the member of staff who logged it. */
  loggedBy: z.string(),
  loggedAt: z.string(),
});
export type ContactLogRow = z.infer<typeof contactLogRowSchema>;
export const contactLogQuerySchema = pageQuerySchema;
/** PUT /api/customers/:id/preferred-channel. */
export const preferredChannelBodySchema = z.object({ channel: z.enum(CONTACT_CHANNELS) });

/** 409 bodies: `duplicate_id` refuses; `possible_duplicate` asks the user to confirm and resend. */
export const duplicateMatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The customer 360 page, e.g. /customers/view/000042. */
  href: z.string(),
  why: z.enum(['id_number', 'name_and_birth_date', 'mobile']),
});
export const duplicateRefusalSchema = z.object({
  error: z.string(),
  code: z.enum(['duplicate_id', 'possible_duplicate']),
  matches: z.array(duplicateMatchSchema),
});

/** Where the 360 page of a customer lives in the SPA. */
export const customerHref = (id: number) => `/customers/view/${String(id).padStart(6, '0')}`;

export const CUSTOMER_REPORTS = {
  'new-customers': 'New customers by period and branch',
  'kyc-gaps': 'KYC incomplete or IDs expiring',
  'pep-high-risk': 'PEPs and high-risk customers',
  dormant: 'Dormant customers',
} as const;
export type CustomerReport = keyof typeof CUSTOMER_REPORTS;
export const CUSTOMER_REPORT_KEYS = Object.keys(CUSTOMER_REPORTS) as [CustomerReport, ...CustomerReport[]];

/** GET /api/customers/reports/:report: the period (default the last 30 days), branch, and format. */
export const customerReportQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  branch: z.string().max(10).optional(),
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
});
export const customerReportRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  branch: z.string(),
  status: z.enum(CUSTOMER_STATUSES),
  risk: z.enum(RISK_RATINGS),
  /** Why the customer is on this report (e.g. "ID expires 2026-12-01", "PEP"). */
  note: z.string(),
  createdAt: z.string(),
});
/** The JSON form; `total` may exceed the rows listed (capped at CUSTOMER_REPORT_MAX_ROWS). */
export const customerReportSchema = z.object({
  report: z.enum(CUSTOMER_REPORT_KEYS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  branch: z.string().nullable(),
  total: z.number().int(),
  rows: z.array(customerReportRowSchema),
});
export type CustomerReportData = z.infer<typeof customerReportSchema>;
export const CUSTOMER_REPORT_MAX_ROWS = 5000;
