import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AML_ACTIVE_CASE_STATUSES,
  AML_ATTACHMENT_TEXT as A,
  DOCUMENT_TYPES,
  amlAttachmentParams,
  amlAttachmentSchema,
  amlAttachmentUploadFormSchema,
  amlCaseParamSchema,
  type AmlCaseStatus,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { cleanFileName, readDocumentUpload } from '../../lib/multipart.ts';
import { documentedAs, fileAnswer } from '../../lib/openapi-docs.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, requirePermission } from '../auth/index.ts';
import { sendAttachment } from '../storage/index.ts';
import { caseAttachments } from './attachments.ts';
import { addEvent, audit, caseById } from './cases.ts';

export const AML_EVIDENCE_BUCKET = 'aml-evidence';

const refuseEnded = (status: AmlCaseStatus) => {
  if (!(AML_ACTIVE_CASE_STATUSES as readonly AmlCaseStatus[]).includes(status))
    throw conflict(A.closed, { code: 'wrong_state', status });
};

/**
 * `/api/aml/cases/:id/attachments`: evidence through the storage module's internal door, in the
 * private `aml-evidence` bucket. Filing needs `aml.cases`, reading `aml.alerts`; both the case's
 * branch. Every download is audited as a view of the case, like opening the case file.
 */
export const amlAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file streams to the content store: no body parser reads it first.
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));

  app.post(
    '/aml/cases/:id/attachments',
    {
      preHandler: requirePermission('aml.cases'),
      config: { swaggerTransform: documentedAs({ body: amlAttachmentUploadFormSchema }) },
      schema: {
        tags: ['aml'],
        summary: 'Files evidence with an active case (multipart: `file`)',
        security,
        params: amlCaseParamSchema,
        consumes: ['multipart/form-data'],
        response: { 201: amlAttachmentSchema, 413: apiErrors[400], 415: apiErrors[400], ...apiErrors },
      },
    },
    async (req, reply) => {
      const caseId = req.params.id;
      const k = await caseById(app.db, caseId);
      assertBranch(req, k.branch);
      refuseEnded(k.status);
      const u = currentUser(req);
      const by = { id: u.userId, email: u.email, ip: requestIp(req) };
      const id = await readDocumentUpload(req, async ({ file, claimedType, fileName }) => {
        const key = `${caseId}/${crypto.randomUUID()}`;
        const name = cleanFileName(fileName);
        return app.storage.put(
          { bucket: AML_EVIDENCE_BUCKET, key, source: file, claimedType, actor: by },
          async (tx, o) => {
            // Again under the case's lock: it may have been closed while the bytes arrived.
            refuseEnded((await caseById(tx, caseId, true)).status);
            const [row] = await queryRows<{ id: string }>(
              tx,
              sql`insert into aml_case_attachments
                    (case_id, object_path, file_name, content_type, size, uploaded_by, uploaded_by_email)
                  values (${caseId}::uuid, ${key}, ${name}, ${o.mimeType}, ${o.size}, ${by.id}::uuid, ${by.email})
                  returning id::text`,
            );
            await addEvent(tx, caseId, by, { kind: 'attachment', text: name });
            await tx.execute(sql`update aml_cases set updated_at = now() where id = ${caseId}::uuid`);
            await audit(tx, by, 'aml.case_attachment', caseId, {
              attachmentId: row!.id,
              fileName: name,
              size: o.size,
              mimeType: o.mimeType,
            });
            return row!.id;
          },
        );
      });
      const rows = await caseAttachments(app.db, caseId);
      return reply.status(201).send(rows.find((r) => r.id === id)!);
    },
  );

  app.get(
    '/aml/cases/:id/attachments/:attachmentId/content',
    {
      preHandler: requirePermission('aml.alerts'),
      schema: {
        tags: ['aml'],
        summary: 'The evidence’s bytes, as an attachment named as filed; the view is audited',
        security,
        params: amlAttachmentParams,
        response: { 200: fileAnswer(DOCUMENT_TYPES, 'The evidence as stored'), ...apiErrors },
      },
    },
    async (req, reply) => {
      const { id: caseId, attachmentId } = req.params;
      assertBranch(req, (await caseById(app.db, caseId)).branch);
      const [doc] = await queryRows<{ path: string; name: string }>(
        app.db,
        sql`select object_path as path, file_name as name from aml_case_attachments
            where id = ${attachmentId}::uuid and case_id = ${caseId}::uuid`,
      );
      const found = doc ? await app.storage.open(AML_EVIDENCE_BUCKET, doc.path) : undefined;
      if (!found) throw notFound(A.notFound);
      const u = currentUser(req);
      await audit(
        app.db,
        { id: u.userId, email: u.email, ip: requestIp(req) },
        'aml.case_attachment_view',
        caseId,
        {
          attachmentId,
          fileName: doc!.name,
        },
      );
      return sendAttachment(reply, found, doc!.name);
    },
  );
};
