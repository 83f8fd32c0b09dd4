import { z } from 'zod';

/**
 * Documents staff file with a record (a loan application's payslip, an AML case's evidence): PDF or an
 * image, as the private buckets that keep them accept. The server sniffs the bytes and holds them to
 * the bucket's own limits; these figures are the same, repeated for the screen's hint and check.
 */
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_FILE_TEXT = 'Choose a PDF, PNG or JPEG file of at most 5 MB';

/** The file part of a multipart upload: what OpenAPI shows and what the screen checks before sending. */
export const documentFileSchema = z
  .file({ error: DOCUMENT_FILE_TEXT })
  .max(DOCUMENT_MAX_BYTES, DOCUMENT_FILE_TEXT)
  // A refinement, not .mime(): OpenAPI would show the types as open-ended alternatives.
  .refine((f) => (DOCUMENT_TYPES as readonly string[]).includes(f.type), DOCUMENT_FILE_TEXT)
  .describe('PDF, PNG or JPEG, up to the bucket’s 5 MB');

/** The metadata every filed document shows: who filed what, when. */
export const filedDocumentSchema = z.object({
  id: z.string(),
  /** The name the file had on the uploader's computer (shown, never used as a path). */
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
