import { z } from 'zod';
import { DOCUMENT_FILE_TEXT, documentFileSchema, filedDocumentSchema } from '../documents.ts';

/**
 * Evidence filed with an AML case (bank statements from elsewhere, ID copies, the investigator's
 * workings), kept through the storage module in the private `aml-evidence` bucket, which no
 * /storage/v1 permission opens: only the case routes reach it, behind `aml.*`, so a teller can never
 * stumble on a file that would tip a customer off. Evidence is never changed or deleted; a case that
 * has ended takes no more.
 */
export const AML_ATTACHMENT_TEXT = {
  file: DOCUMENT_FILE_TEXT,
  closed: 'A case that has ended takes no new attachments.',
  notFound: 'No such attachment for this case.',
  uploaded: 'Attachment filed.',
} as const;

export const amlAttachmentSchema = filedDocumentSchema.extend({ caseId: z.string() });
export type AmlAttachment = z.infer<typeof amlAttachmentSchema>;

/** POST /api/aml/cases/:id/attachments: a multipart body with one part, `file`. */
export const amlAttachmentUploadFormSchema = z.object({ file: documentFileSchema });

export const amlAttachmentParams = z.object({
  id: z.uuid('must be a case id'),
  attachmentId: z.uuid('must be an attachment id'),
});
