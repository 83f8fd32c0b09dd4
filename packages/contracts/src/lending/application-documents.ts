import { z } from 'zod';
import {
  DOCUMENT_FILE_TEXT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  documentFileSchema,
  filedDocumentSchema,
} from '../documents.ts';
import { loanApplicationIdParam, type LoanApplicationStatus } from './applications.ts';

/**
 * Documents of a loan application (docs/loan-applications.md): what the credit officer files for the
 * appraisal, kept through the storage module in the private `loan-documents` bucket.
 */
export const LOAN_DOCUMENT_KINDS = ['payslip', 'employer_letter', 'collateral_papers', 'other'] as const;
export type LoanDocumentKind = (typeof LOAN_DOCUMENT_KINDS)[number];

export const LOAN_DOCUMENT_LABELS: Record<LoanDocumentKind, string> = {
  payslip: 'Payslip',
  employer_letter: 'Employer letter',
  collateral_papers: 'Collateral papers',
  other: 'Other',
};

/** The bucket's own limits, repeated for the screen's hint (the server enforces the bucket's). */
export const LOAN_DOCUMENT_TYPES = DOCUMENT_TYPES;
export const LOAN_DOCUMENT_MAX_BYTES = DOCUMENT_MAX_BYTES;

/**
 * An application that ended without a loan, or whose loan ended, takes no new document: its file is
 * what the decision or the closing was made on. Its documents can still be read.
 */
export const LOAN_DOCUMENT_CLOSED: readonly LoanApplicationStatus[] = [
  'Rejected',
  'Withdrawn',
  'Closed',
  'Written off',
];

export const LOAN_DOCUMENT_TEXT = {
  kind: 'Choose what the document is',
  file: DOCUMENT_FILE_TEXT,
  closed: (status: string) => `An application that is ${status} takes no new documents.`,
  notFound: 'No such document for this application.',
  uploaded: 'Document filed.',
} as const;

export const loanDocumentSchema = filedDocumentSchema.extend({
  applicationId: z.number().int(),
  kind: z.enum(LOAN_DOCUMENT_KINDS),
});
export type LoanDocument = z.infer<typeof loanDocumentSchema>;

/** POST /api/loan-applications/:id/documents: multipart with `kind` then `file`; the text part. */
export const loanDocumentUploadSchema = z.object({
  kind: z.enum(LOAN_DOCUMENT_KINDS, { error: LOAN_DOCUMENT_TEXT.kind }),
});
/**
 * The whole multipart body: what OpenAPI shows and what the screen checks before sending (the server
 * sniffs the bytes and holds them to the bucket's limits, the same figures).
 */
export const loanDocumentUploadFormSchema = loanDocumentUploadSchema.extend({ file: documentFileSchema });

export const loanDocumentParams = loanApplicationIdParam.extend({ docId: z.uuid() });
