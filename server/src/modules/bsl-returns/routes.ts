import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RETURNS_TEXT,
  approvalCreatedSchema,
  preparedReturnsSchema,
  returnFileName,
  returnFilingDetailSchema,
  returnFilingDownloadQuerySchema,
  returnFilingListQuerySchema,
  returnFilingSchema,
  returnTemplateSchema,
  returnsPrepareQuerySchema,
  returnsSignOffSchema,
  returnMappingChangeSchema,
} from '@bankmanager/contracts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { requestApproval, stillPendingSql } from '../approvals/index.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { RETURN_SIGN_OFF_APPROVAL } from './commands.ts';
import { linePatterns, patternProblems, RETURN_MAPPING_APPROVAL } from './mapping.ts';
import { filingFile, getFiling, listFilings } from './filings.ts';
import { prepareReturns } from './prepare.ts';
import { loadTemplates, templateView } from './templates.ts';
import { DOWNLOAD_MEDIA, sendDownload } from '../../lib/downloads.ts';

export const FILINGS_PAGE_SIZE = 25;
const tags = ['regulatory-returns'];
const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A month that has not ended on the books cannot be prepared: its figures would still move. */
async function endedMonth(db: Database, monthEnd: string): Promise<void> {
  if (monthEnd > (await currentBusinessDate(db)))
    throw badRequest('Invalid request', [{ path: '/monthEnd', message: RETURNS_TEXT.future }]);
}

/**
 * `/api/regulatory-returns`: the templates, a month end's returns prepared live, the sign-off request
 * (four-eyes, `regulatory_return.sign_off`), and the filed versions with their stored downloads.
 * Reading needs `reports.read`; asking for sign-off `returns.prepare`; the checker `returns.approve`.
 */
export const regulatoryReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/regulatory-returns/templates',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'The BSL return templates: each line and the GL accounts (LIKE patterns) it reads',
        security,
        response: { 200: z.array(returnTemplateSchema), ...apiErrors },
      },
    },
    async () => (await loadTemplates(app.db)).map(templateView),
  );

  app.put(
    '/regulatory-returns/templates/:template/lines/:line/mapping',
    {
      preHandler: requirePermission('returns.prepare'),
      schema: {
        tags,
        summary: 'Requests a new GL mapping for one return line (four-eyes, return_mapping.change)',
        security,
        params: z.object({ template: z.string().min(1).max(40), line: z.string().min(1).max(40) }),
        body: returnMappingChangeSchema,
        response: { 202: approvalCreatedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const { template, line } = req.params;
      const current = await linePatterns(app.db, template, line);
      const glPatterns = [...new Set(req.body.glPatterns)].sort();
      const problems = await patternProblems(app.db, glPatterns);
      if (problems.length > 0) throw badRequest('Invalid request', problems);
      if (glPatterns.join(',') === current.join(','))
        throw badRequest('Invalid request', [{ path: '/glPatterns', message: RETURNS_TEXT.sameMapping }]);
      const u = currentUser(req);
      const approvalId = await app.db.transaction((tx) =>
        requestApproval(tx, {
          type: RETURN_MAPPING_APPROVAL,
          subjectType: 'return_line',
          subjectId: `${template}/${line}`,
          command: { template, line, glPatterns, reason: req.body.reason },
          before: { glPatterns: current },
          after: { glPatterns },
          subjectVersion: current.join(','),
          maker: { id: u.userId, email: u.email, ip: requestIp(req) },
          branch: null,
        }),
      );
      return reply.status(202).send({ approvalId });
    },
  );

  app.get(
    '/regulatory-returns/prepare',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary:
          'A month end’s returns from the trial balance of that date, the previous month beside it with variances, and each return’s reconciliation',
        security,
        querystring: returnsPrepareQuerySchema,
        response: { 200: preparedReturnsSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      // The business date from the primary (the check is cheap and must not lag behind end of day);
      // the preview itself is the heavy read: the read replica's when configured (ADR 0054). The
      // sign-off below prepares again on the primary, inside its own transaction.
      await endedMonth(app.db, req.query.monthEnd);
      void reply.header('cache-control', 'no-store');
      return (await app.reportReads.run(reply, (db) => prepareReturns(db, req.query.monthEnd))).value;
    },
  );

  app.post(
    '/regulatory-returns/sign-off',
    {
      preHandler: requirePermission('returns.prepare'),
      schema: {
        tags,
        summary:
          'Submits the prepared returns for sign-off (four-eyes): the fingerprint must be the figures’ current one, and they must reconcile',
        security,
        body: returnsSignOffSchema,
        response: { 202: approvalCreatedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const { monthEnd, fingerprint } = req.body;
      await endedMonth(app.db, monthEnd);
      const prepared = await prepareReturns(app.db, monthEnd);
      if (prepared.fingerprint !== fingerprint)
        throw conflict(RETURNS_TEXT.stale, { code: 'returns_changed' });
      if (!prepared.reconciled) throw conflict(RETURNS_TEXT.notReconciled, { code: 'not_reconciled' });
      const u = currentUser(req);
      const approvalId = await app.db.transaction(async (tx) => {
        // One request per month at a time: two approved together would file the same figures twice.
        // The lock makes two simultaneous submissions take turns at this check.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${RETURN_SIGN_OFF_APPROVAL}), hashtext(${monthEnd}))`,
        );
        const [waiting] = await queryRows<{ id: string }>(
          tx,
          sql`select a.id from approval_requests a
               where a.type = ${RETURN_SIGN_OFF_APPROVAL} and a.subject_id = ${monthEnd} and ${stillPendingSql(sql.raw('a'))}
               limit 1`,
        );
        if (waiting) throw conflict(RETURNS_TEXT.pending, { code: 'already_pending' });
        return requestApproval(tx, {
          type: RETURN_SIGN_OFF_APPROVAL,
          subjectType: 'regulatory_return',
          subjectId: monthEnd,
          command: { monthEnd, fingerprint },
          before: null,
          after: prepared,
          subjectVersion: fingerprint,
          maker: { id: u.userId, email: u.email, ip: requestIp(req) },
          // The whole bank's figures: decided by a checker working across branches.
          branch: null,
        });
      });
      return reply.status(202).send({ approvalId });
    },
  );

  app.get(
    '/regulatory-returns/filings',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'Filed versions, newest first; paged; X-Total-Count',
        security,
        querystring: returnFilingListQuerySchema,
        response: { 200: z.array(returnFilingSchema), ...apiErrors },
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listFilings(app.db, req.query.monthEnd, pageWindow(req.query, FILINGS_PAGE_SIZE)),
      ),
  );

  app.get(
    '/regulatory-returns/filings/:id',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'One filed version with its figures exactly as signed off',
        security,
        params: idParam,
        response: { 200: returnFilingDetailSchema, ...apiErrors },
      },
    },
    async (req) => getFiling(app.db, req.params.id),
  );

  app.get(
    '/regulatory-returns/filings/:id/download',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'A filed version as XLSX, PDF or CSV: the bytes stored at sign-off',
        security,
        params: idParam,
        querystring: returnFilingDownloadQuerySchema,
        response: {
          200: fileAnswer(
            [DOWNLOAD_MEDIA.xlsx, DOWNLOAD_MEDIA.pdf, 'text/csv'],
            'the filed workbook, PDF or CSV',
          ),
          ...apiErrors,
        },
      },
    },
    async (req, reply) => {
      const { format } = req.query;
      const f = await filingFile(app.db, req.params.id, format);
      const u = currentUser(req);
      await writeAudit(app.db, {
        actorId: u.userId,
        actorEmail: u.email,
        ip: requestIp(req),
        action: 'regulatory_return.download',
        outcome: 'success',
        targetType: 'regulatory_return',
        targetId: String(req.params.id),
        details: { format, monthEnd: f.monthEnd, version: f.version },
      });
      return sendDownload(reply, format, returnFileName(f.monthEnd, f.version, format), f.bytes);
    },
  );
};
