import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  auditExportFileName,
  apiErrorSchema,
  auditDetailSchema,
  auditFiltersSchema,
  auditListQuerySchema,
  auditRowSchema,
  auditVerifyResultSchema,
  type AuditFilters,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { csvRow } from '../../lib/csv.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { acceptEmptyJsonBodies } from '../../lib/lenient-json.ts';
import { pageWindow, sendPage, setTotalCount } from '../../lib/paging.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { requestIp, writeAudit, verifyAuditChain } from '../audit/index.ts';
import { auditBatches, auditExtent, countAudit, getAudit, listAudit } from './audit-repository.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  503: apiErrorSchema,
};
const security = [{ bearer: [] }];

async function* auditCsv(db: Database, f: AuditFilters, maxId: number): AsyncGenerator<string> {
  yield csvRow([...AUDIT_CSV_COLUMNS]);
  for await (const batch of auditBatches(db, f, maxId)) {
    yield batch
      .map((r) =>
        csvRow([
          r.id,
          r.occurredAt,
          r.actorId,
          r.actorEmail,
          r.action,
          r.targetType,
          r.targetId,
          r.outcome,
          r.ip,
          JSON.stringify(r.details),
          r.hash,
        ]),
      )
      .join('');
  }
}

/** The audit trail: list, detail, CSV export and chain verification. Superusers only. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);

  app.get(
    '/audit',
    {
      preHandler: requirePermission('audit.read'),
      schema: {
        tags: ['admin'],
        summary: 'Audit rows, newest first, filtered and paged in the database (total in X-Total-Count)',
        security,
        querystring: auditListQuerySchema,
        response: { 200: z.array(auditRowSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { page, pageSize, ...filters } = req.query;
      const { offset, limit } = pageWindow({ page, pageSize }, AUDIT_PAGE_SIZE);
      const [total, rows] = await Promise.all([
        countAudit(app.db, filters),
        listAudit(app.db, filters, offset, limit),
      ]);
      return sendPage(reply, { total, rows });
    },
  );

  app.get(
    '/audit/export',
    {
      preHandler: requirePermission('audit.read'),
      schema: {
        tags: ['admin'],
        summary: 'The filtered audit rows as CSV (formula injection neutralised), newest first',
        description: 'Answers 400 when the filters match more rows than AUDIT_EXPORT_MAX_ROWS.',
        security,
        querystring: auditFiltersSchema,
        response: { 200: fileAnswer(['text/csv'], 'The audit rows as CSV'), ...errors },
      },
    },
    async (req, reply) => {
      const { total, maxId } = await auditExtent(app.db, req.query);
      const limit = app.config.auditExportMaxRows;
      if (total > limit) {
        throw badRequest(
          `These filters match ${total} audit rows; narrow them (for example the date range) to at most ${limit}.`,
          { total, limit },
        );
      }
      // Who took a copy of the audit trail is itself worth knowing.
      const u = currentUser(req);
      await writeAudit(app.db, {
        action: 'audit.export',
        outcome: 'success',
        actorId: u.userId,
        actorEmail: u.email,
        ip: requestIp(req),
        targetType: 'audit_log',
        details: { filters: req.query, rows: total },
      });
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportFileName()}"`);
      setTotalCount(reply, total);
      return reply.send(Readable.from(auditCsv(app.db, req.query, maxId)));
    },
  );

  app.get(
    '/audit/:id',
    {
      preHandler: requirePermission('audit.read'),
      schema: {
        tags: ['admin'],
        summary: 'One audit row with its details (before/after) and chain hashes',
        security,
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: auditDetailSchema, ...errors },
      },
    },
    async (req) => {
      const row = await getAudit(app.db, req.params.id);
      if (!row) throw notFound(`Audit row ${req.params.id} was not found.`);
      return row;
    },
  );

  app.post(
    '/audit/verify',
    {
      preHandler: requirePermission('audit.read'),
      schema: {
        tags: ['admin'],
        summary: 'Recomputes the audit hash chain and names the first broken row',
        security,
        response: { 200: auditVerifyResultSchema, ...errors },
      },
    },
    async (req) => {
      const result = await verifyAuditChain(app.db, { checkpointFile: app.config.audit.checkpointFile });
      const u = currentUser(req);
      await writeAudit(app.db, {
        action: 'audit.verify',
        outcome: result.ok ? 'success' : 'failure',
        actorId: u.userId,
        actorEmail: u.email,
        ip: requestIp(req),
        targetType: 'audit_log',
        details: { ...result },
      });
      return result;
    },
  );
};
