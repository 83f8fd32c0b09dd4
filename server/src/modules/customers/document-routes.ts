import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerDocumentSchema,
  customerDocumentUploadFormSchema,
  customerDocumentUploadSchema,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { documentedAs, fileAnswer } from '../../lib/openapi-docs.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';
import { getCustomer } from './customer-row.ts';
import { readDocumentUpload } from '../../lib/multipart.ts';
import { actorOf, custParam, customerErrors } from './route-support.ts';
import { parseOr400 } from './validation.ts';
import { listDocuments } from './view.ts';
import { makeCurrent } from './documents.ts';

export const DOCUMENTS_BUCKET = 'customer-documents';
const docParams = custParam.extend({ docId: z.uuid() });

/**
 * Photos, ID scans and signatures (docs/customers.md), stored through the storage module in its private
 * `customer-documents` bucket (PNG, JPEG or PDF, 5 MB: the bucket's own limits). A new upload
 * becomes its kind's current document; an older one can be made current again.
 */
export const customerDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file streams to the content store: no body parser reads it first.
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));

  app.post(
    '/customers/:custId/documents',
    {
      preHandler: requirePermission('customers.create'),
      // The stream is read by readDocumentUpload, not by a body schema: this one is for OpenAPI only.
      config: { swaggerTransform: documentedAs({ body: customerDocumentUploadFormSchema }) },
      schema: {
        tags: ['customers'],
        summary:
          'Uploads a document (multipart: `kind`, then `file`); it becomes the current one of its kind',
        security,
        params: custParam,
        consumes: ['multipart/form-data'],
        response: {
          201: customerDocumentSchema,
          413: customerErrors[400],
          415: customerErrors[400],
          ...customerErrors,
        },
      },
    },
    async (req, reply) => {
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      const actor = actorOf(req);
      const doc = await readDocumentUpload(req, async ({ fields, file, claimedType }) => {
        const { kind } = parseOr400(customerDocumentUploadSchema, { kind: fields.kind });
        const key = `${c.custId}/${kind}/${crypto.randomUUID()}`;
        return app.storage.put(
          { bucket: DOCUMENTS_BUCKET, key, source: file, claimedType, actor },
          async (tx, o) => {
            const [row] = await queryRows<{ id: string }>(
              tx,
              sql`insert into customer_documents (cust_id, kind, object_path, content_type, uploaded_by)
                values (${c.custId}, ${kind}, ${key}, ${o.mimeType}, ${actor.email}) returning id::text`,
            );
            await makeCurrent(tx, c.custId, row!.id, actor, 'customer.document.upload');
            return row!.id;
          },
        );
      });
      const all = await listDocuments(app.db, c.custId);
      return reply.status(201).send(all.find((d) => d.id === doc)!);
    },
  );

  app.post(
    '/customers/:custId/documents/:docId/current',
    {
      preHandler: requirePermission('customers.create'),
      schema: {
        tags: ['customers'],
        summary: 'Makes an earlier document the current one of its kind',
        security,
        params: docParams,
        response: { 200: z.array(customerDocumentSchema), ...customerErrors },
      },
    },
    async (req) => {
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      await app.db.transaction((tx) =>
        makeCurrent(tx, c.custId, req.params.docId, actorOf(req), 'customer.document.current'),
      );
      return listDocuments(app.db, c.custId);
    },
  );

  app.get(
    '/customers/:custId/documents/:docId/content',
    {
      preHandler: requirePermission('customers.read'),
      schema: {
        tags: ['customers'],
        summary: 'The document’s bytes with their type (for <img> and PDF viewers)',
        security,
        params: docParams,
        response: {
          200: fileAnswer(['image/png', 'image/jpeg', 'application/pdf'], 'The document as stored'),
          ...customerErrors,
        },
      },
    },
    async (req, reply) => {
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      const [doc] = await queryRows<{ path: string }>(
        app.db,
        sql`select object_path as path from customer_documents where id = ${req.params.docId} and cust_id = ${c.custId}`,
      );
      const found = doc ? await app.storage.open(DOCUMENTS_BUCKET, doc.path) : undefined;
      if (!found) throw notFound('No such document for this customer');
      return reply
        .header('content-type', found.row.mimeType)
        .header('content-length', String(found.row.size))
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(found.stream);
    },
  );
};
