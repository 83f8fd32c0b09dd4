import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOAN_APPLICATION_TEXT as T,
  LOAN_DOCUMENT_CLOSED,
  LOAN_DOCUMENT_TEXT as D,
  LOAN_DOCUMENT_TYPES,
  loanApplicationIdParam,
  loanDocumentParams,
  loanDocumentSchema,
  loanDocumentUploadFormSchema,
  loanDocumentUploadSchema,
  type LoanApplicationStatus,
  type LoanDocument,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { cleanFileName, readDocumentUpload } from '../../lib/multipart.ts';
import { documentedAs, fileAnswer } from '../../lib/openapi-docs.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { assertBranch, currentUser, requirePermission } from '../auth/index.ts';
import { sendAttachment } from '../storage/index.ts';

export const LOAN_DOCUMENTS_BUCKET = 'loan-documents';

const selectDocs = sql`select id::text, application_id as "applicationId", kind, file_name as "fileName",
    content_type as "contentType", size::int as size, uploaded_by_email as "uploadedBy",
    to_char(uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "uploadedAt"
  from loan_application_documents`;

const listDocs = (db: Database, id: number) =>
  queryRows<LoanDocument>(db, sql`${selectDocs} where application_id = ${id} order by uploaded_at, id`);

/** The application's branch and state (404 when none); `lock` holds it against a withdrawal meanwhile. */
async function applicationOf(db: Database, id: number, lock = false) {
  const [a] = await queryRows<{ branch: string; status: LoanApplicationStatus }>(
    db,
    sql`select branch_code as branch, status from loan_applications where id = ${id} ${lock ? sql`for share` : sql``}`,
  );
  if (!a) throw notFound(T.notFound);
  return a;
}

const refuseClosed = (status: LoanApplicationStatus) => {
  if (LOAN_DOCUMENT_CLOSED.includes(status))
    throw conflict(D.closed(status), { code: 'wrong_state', status });
};

/**
 * Documents of a loan application (payslip, employer letter, collateral papers) through the storage
 * module's internal door, in the private `loan-documents` bucket (PDF, PNG or JPEG, 5 MB: the bucket's
 * own limits). Filing needs `loans.apply`, reading `loans.read`; both the application's branch (or
 * `branches.all`). A rejected, withdrawn, closed or written-off application takes no new document.
 */
export const loanApplicationDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file streams to the content store: no body parser reads it first.
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));

  app.post(
    '/loan-applications/:id/documents',
    {
      preHandler: requirePermission('loans.apply'),
      config: { swaggerTransform: documentedAs({ body: loanDocumentUploadFormSchema }) },
      schema: {
        tags: ['loan-applications'],
        summary: 'Files a document with the application (multipart: `kind`, then `file`)',
        security,
        params: loanApplicationIdParam,
        consumes: ['multipart/form-data'],
        response: { 201: loanDocumentSchema, 413: apiErrors[400], 415: apiErrors[400], ...apiErrors },
      },
    },
    async (req, reply) => {
      const id = req.params.id;
      const a = await applicationOf(app.db, id);
      assertBranch(req, a.branch);
      refuseClosed(a.status);
      const u = currentUser(req);
      const actor = { id: u.userId, email: u.email, ip: requestIp(req) };
      const docId = await readDocumentUpload(req, async ({ fields, file, claimedType, fileName }) => {
        const parsed = loanDocumentUploadSchema.safeParse({ kind: fields.kind });
        if (!parsed.success) {
          file.resume();
          throw badRequest('Invalid request', [{ path: '/kind', message: D.kind }]);
        }
        const { kind } = parsed.data;
        const key = `${id}/${crypto.randomUUID()}`;
        const name = cleanFileName(fileName);
        return app.storage.put(
          { bucket: LOAN_DOCUMENTS_BUCKET, key, source: file, claimedType, actor },
          async (tx, o) => {
            // Again under a lock: a withdrawal may have landed while the bytes arrived.
            refuseClosed((await applicationOf(tx, id, true)).status);
            const [row] = await queryRows<{ id: string }>(
              tx,
              sql`insert into loan_application_documents
                    (application_id, kind, object_path, file_name, content_type, size, uploaded_by, uploaded_by_email)
                  values (${id}, ${kind}, ${key}, ${name}, ${o.mimeType}, ${o.size}, ${actor.id}::uuid, ${actor.email})
                  returning id::text`,
            );
            await writeAudit(tx, {
              action: 'loan_application.document.upload',
              outcome: 'success',
              actorId: actor.id,
              actorEmail: actor.email,
              ip: actor.ip,
              targetType: 'loan_application',
              targetId: String(id),
              details: { documentId: row!.id, kind, fileName: name, size: o.size, mimeType: o.mimeType },
            });
            return row!.id;
          },
        );
      });
      const docs = await listDocs(app.db, id);
      return reply.status(201).send(docs.find((d) => d.id === docId)!);
    },
  );

  app.get(
    '/loan-applications/:id/documents',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loan-applications'],
        summary: 'The documents filed with the application, oldest first',
        security,
        params: loanApplicationIdParam,
        response: { 200: z.array(loanDocumentSchema), ...apiErrors },
      },
    },
    async (req) => {
      assertBranch(req, (await applicationOf(app.db, req.params.id)).branch);
      return listDocs(app.db, req.params.id);
    },
  );

  app.get(
    '/loan-applications/:id/documents/:docId/content',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loan-applications'],
        summary: 'The document’s bytes with their type, as an attachment named as filed',
        security,
        params: loanDocumentParams,
        response: {
          200: fileAnswer(LOAN_DOCUMENT_TYPES, 'The document as stored'),
          ...apiErrors,
        },
      },
    },
    async (req, reply) => {
      assertBranch(req, (await applicationOf(app.db, req.params.id)).branch);
      const [doc] = await queryRows<{ path: string; name: string }>(
        app.db,
        sql`select object_path as path, file_name as name from loan_application_documents
            where id = ${req.params.docId}::uuid and application_id = ${req.params.id}`,
      );
      const found = doc ? await app.storage.open(LOAN_DOCUMENTS_BUCKET, doc.path) : undefined;
      if (!found) throw notFound(D.notFound);
      return sendAttachment(reply, found, doc!.name);
    },
  );
};
