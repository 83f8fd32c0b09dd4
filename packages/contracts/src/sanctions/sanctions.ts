import { z } from 'zod';
import { pageQuerySchema } from '../paging.ts';

/**
 * Sanctions screening (docs/decisions/0044-sanctions-screening-with-trigrams.md): the UN Security
 * Council's consolidated list and the bank's own list of domestic designations, imported as numbered
 * versions (four-eyes), and the hits of customers against them, which a Compliance Officer clears or
 * confirms. Hits are for `aml.*` holders only: nobody else learns a customer was matched.
 */
export const SANCTIONS_SOURCES = ['un', 'local'] as const;
export type SanctionsSource = (typeof SANCTIONS_SOURCES)[number];
export const SANCTIONS_VERSION_STATUSES = ['pending', 'active', 'superseded', 'rejected'] as const;
export const SANCTIONS_HIT_STATUSES = ['open', 'cleared', 'confirmed'] as const;
export type SanctionsHitStatus = (typeof SANCTIONS_HIT_STATUSES)[number];
/** What made the screening run: a new customer, a KYC edit, or end of day against the lists. */
export const SANCTIONS_HIT_TRIGGERS = ['creation', 'kyc_edit', 'rescreen'] as const;
export const SANCTIONS_MATCHED_FIELDS = ['name', 'alias', 'dateOfBirth'] as const;
export const SANCTIONS_HIT_SORTS = ['newest', 'score'] as const;

/** The largest list file accepted: the UN list is about 2 MB; room to spare, never unbounded. */
export const SANCTIONS_MAX_FILE_CHARS = 12 * 1024 * 1024;

export const SANCTIONS_LABELS = {
  source: { un: 'UN Security Council consolidated list', local: 'Domestic designations (local list)' },
  status: {
    pending: 'Awaiting approval',
    active: 'In force',
    superseded: 'Superseded',
    rejected: 'Rejected',
  },
  hitStatus: { open: 'Open', cleared: 'Cleared (false positive)', confirmed: 'Confirmed match' },
  trigger: { creation: 'New customer', kyc_edit: 'KYC edit', rescreen: 'End-of-day re-screen' },
  field: { name: 'Name', alias: 'Alias', dateOfBirth: 'Date of birth' },
} as const;

export const SANCTIONS_TEXT = {
  fileRequired: 'Choose the list file to upload',
  fileTooLarge: 'The file is too large',
  fileName: 'The file name may have at most 200 characters',
  notUnList: 'This is not the UN consolidated list: its root element must be CONSOLIDATED_LIST',
  badXml: (detail: string) => `The file is not well-formed XML: ${detail}`,
  emptyList: 'The list has no entries',
  entryWithoutId: 'An entry has no DATAID',
  duplicateRef: (ref: string) => `The reference ${ref} appears more than once`,
  csvHeader:
    'The first line must be the header: reference,type,name,aliases,dates_of_birth,nationality,comments',
  csvLine: (line: number, problem: string) => `Line ${line}: ${problem}`,
  csvType: 'the type must be individual or entity',
  csvName: 'the name is required',
  csvDate: 'a date of birth must be YYYY-MM-DD or YYYY',
  pendingExists: 'An import of this list is already awaiting approval; decide it first.',
  reasonRequired: 'Give the reason for your decision',
  notOpen: 'This hit has already been decided.',
  hitNotFound: 'No sanctions hit with this id.',
  /** The activation refusal: it names no list or entry, as the officer asking may not see hits. */
  activationBlocked:
    'This customer cannot be activated yet: a compliance check is pending. Compliance will clear or confirm it.',
} as const;

const fileName = z.string().trim().min(1, SANCTIONS_TEXT.fileRequired).max(200, SANCTIONS_TEXT.fileName);
const fileContent = z
  .string()
  .min(1, SANCTIONS_TEXT.fileRequired)
  .max(SANCTIONS_MAX_FILE_CHARS, SANCTIONS_TEXT.fileTooLarge);

/** POST /api/sanctions/lists/:source — the file's text; nothing changes until another officer approves. */
export const sanctionsImportSchema = z.object({ fileName, content: fileContent });
export type SanctionsImport = z.infer<typeof sanctionsImportSchema>;
export const sanctionsSourceParamSchema = z.object({ source: z.enum(SANCTIONS_SOURCES) });

export const sanctionsImportAnswerSchema = z.object({
  approvalId: z.string(),
  versionId: z.string(),
  entries: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
});

export const sanctionsListVersionSchema = z.object({
  id: z.string(),
  source: z.enum(SANCTIONS_SOURCES),
  version: z.number().int(),
  status: z.enum(SANCTIONS_VERSION_STATUSES),
  fileName: z.string(),
  /** The list's own date (the UN file's `dateGenerated`), when it states one. */
  generatedAt: z.string().nullable(),
  entries: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  approvalId: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type SanctionsListVersion = z.infer<typeof sanctionsListVersionSchema>;

export const sanctionsListQuerySchema = pageQuerySchema.extend({
  source: z.enum(SANCTIONS_SOURCES).optional(),
  status: z.enum(SANCTIONS_VERSION_STATUSES).optional(),
});
export type SanctionsListQuery = z.infer<typeof sanctionsListQuerySchema>;

export const sanctionsEntrySchema = z.object({
  id: z.string(),
  source: z.enum(SANCTIONS_SOURCES),
  ref: z.string(),
  kind: z.enum(['individual', 'entity']),
  name: z.string(),
  aliases: z.array(z.string()),
  referenceNumber: z.string().nullable(),
  listType: z.string().nullable(),
  /** `YYYY-MM-DD`, or `YYYY` when the list knows only the year. */
  datesOfBirth: z.array(z.string()),
  nationalities: z.array(z.string()),
  listedOn: z.string().nullable(),
  comments: z.string().nullable(),
});
export type SanctionsEntry = z.infer<typeof sanctionsEntrySchema>;

/** One hit with its evidence side by side: the customer as screened, the list entry, what matched. */
export const sanctionsHitSchema = z.object({
  id: z.string(),
  status: z.enum(SANCTIONS_HIT_STATUSES),
  trigger: z.enum(SANCTIONS_HIT_TRIGGERS),
  /** 0 to 1: the trigram similarity of the normalised names, moved by a date of birth that agrees or not. */
  score: z.string(),
  matchedFields: z.array(z.enum(SANCTIONS_MATCHED_FIELDS)),
  matchedName: z.string(),
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.string(),
    branch: z.string(),
    dateOfBirth: z.string().nullable(),
  }),
  entry: sanctionsEntrySchema,
  createdAt: z.string(),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type SanctionsHit = z.infer<typeof sanctionsHitSchema>;

export const sanctionsHitQuerySchema = pageQuerySchema.extend({
  status: z.enum(SANCTIONS_HIT_STATUSES).optional(),
  /** Part of the customer's or the entry's name. */
  q: z.string().trim().max(100).optional(),
  sort: z.enum(SANCTIONS_HIT_SORTS).default('newest'),
});
export type SanctionsHitQuery = z.infer<typeof sanctionsHitQuerySchema>;

export const sanctionsHitParamSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,17}$/, SANCTIONS_TEXT.hitNotFound),
});
export const sanctionsHitDecisionSchema = z.object({
  decision: z.enum(['clear', 'confirm']),
  reason: z.string().trim().min(1, SANCTIONS_TEXT.reasonRequired).max(1000),
});
export type SanctionsHitDecision = z.infer<typeof sanctionsHitDecisionSchema>;

export const sanctionsSettingsSchema = z.object({
  /** Hits below this score are not raised (data: the `sanctions_settings` row). */
  threshold: z.string(),
});
