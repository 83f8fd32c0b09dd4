import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CTR_AGGREGATE_PAGE_SIZE,
  ctrFilingCreateSchema,
  ctrFilingFileName,
  ctrFilingFileParamSchema,
  ctrFilingParamSchema,
  ctrFilingQuerySchema,
  ctrFilingSchema,
  ctrReportQuerySchema,
  ctrReportSchema,
  fiuSubmissionSchema,
  holds,
} from '@bankmanager/contracts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { pageWindow, sendPage, setTotalCount } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, requirePermission } from '../auth/index.ts';
import { ctrFiling, ctrFilingFile, ctrFilings, prepareCtrFiling, recordCtrSubmission } from './ctr-filing.ts';
import { ctrRange, ctrReports, ctrReportsCsv } from './ctr-list.ts';

/** The most CTRs one CSV of the list carries (narrow the dates for more). */
export const CTR_REPORTS_CSV_MAX = 20_000;

/**
 * `/api/ctr-reports`: the CTRs per customer per day (Reports → Cash Transaction Reports, `reports.read`,
 * the home branch's customers without `branches.all`). `/api/ctr-filings`: the frozen batches for the
 * FIU (`aml.ctr.file`): prepare, list, download as goAML XML or CSV, record the FIU's submission.
 */
export const ctrFilingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ctr-reports',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['aml'],
        summary: 'CTRs: one customer’s cash in or out on one day at or over CTR_THRESHOLD; paged JSON or CSV',
        description:
          'Summed across the customer’s accounts and branches per business day and currency. Without from, ' +
          'the 31 days up to to (default: the current business date); at most 366 days.',
        security,
        querystring: ctrReportQuerySchema,
        response: {
          200: z.union([z.array(ctrReportSchema), fileAnswer(['text/csv'], 'with format=csv: text/csv')]),
          ...apiErrors,
        },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      if (req.query.branch !== undefined) assertBranch(req, req.query.branch);
      const branch = req.query.branch ?? (holds(u, 'branches.all') ? undefined : (u.homeBranch ?? '(none)'));
      const range = { ...(await ctrRange(app.db, req.query)), branch, threshold: app.config.ctrThreshold };
      if (req.query.format === 'json')
        return sendPage(
          reply,
          await ctrReports(app.db, range, pageWindow(req.query, CTR_AGGREGATE_PAGE_SIZE)),
        );
      const page = await ctrReports(app.db, range, { offset: 0, limit: CTR_REPORTS_CSV_MAX + 1 });
      if (page.total > CTR_REPORTS_CSV_MAX)
        throw badRequest(
          `The filter matches ${page.total} CTRs; a CSV carries at most ${CTR_REPORTS_CSV_MAX}. Narrow the dates.`,
        );
      setTotalCount(reply, page.total);
      void reply.header('cache-control', 'no-store');
      void reply.header(
        'content-disposition',
        `attachment; filename="ctr-reports-${range.from}-to-${range.to}.csv"`,
      );
      return reply.type('text/csv; charset=utf-8').send(ctrReportsCsv(page.rows));
    },
  );

  app.get(
    '/ctr-filings',
    {
      preHandler: requirePermission('aml.ctr.file'),
      schema: {
        tags: ['aml'],
        summary: 'CTR filings for the FIU, newest first; paged, X-Total-Count',
        security,
        querystring: ctrFilingQuerySchema,
        response: { 200: z.array(ctrFilingSchema), ...apiErrors },
      },
    },
    async (req, reply) => sendPage(reply, await ctrFilings(app.db, pageWindow(req.query, 25))),
  );

  app.post(
    '/ctr-filings',
    {
      preHandler: requirePermission('aml.ctr.file'),
      schema: {
        tags: ['aml'],
        summary: 'Prepares the frozen CTR filing of a closed business day or calendar month',
        description:
          '201 with the filing. 409 when the period reaches the current business date or holds a day already filed ' +
          '(details.days). The filing can never be changed or deleted: the database refuses.',
        security,
        body: ctrFilingCreateSchema,
        response: { 201: ctrFilingSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const filing = await app.db.transaction((tx) =>
        prepareCtrFiling(tx, req.body, app.config.ctrThreshold, app.config.goaml, {
          id: u.userId,
          email: u.email,
          ip: requestIp(req),
        }),
      );
      return reply.status(201).send(filing);
    },
  );

  app.get(
    '/ctr-filings/:id',
    {
      preHandler: requirePermission('aml.ctr.file'),
      schema: {
        tags: ['aml'],
        summary: 'One CTR filing',
        security,
        params: ctrFilingParamSchema,
        response: { 200: ctrFilingSchema, ...apiErrors },
      },
    },
    async (req) => {
      const f = await ctrFiling(app.db, req.params.id);
      if (!f) throw notFound('No such CTR filing');
      return f;
    },
  );

  app.get(
    '/ctr-filings/:id/:format',
    {
      preHandler: requirePermission('aml.ctr.file'),
      schema: {
        tags: ['aml'],
        summary: 'The filing as filed: goAML XML or CSV (the bytes frozen at preparation)',
        security,
        params: ctrFilingFileParamSchema,
        response: {
          200: fileAnswer(['application/xml', 'text/csv'], 'xml: application/xml; csv: text/csv'),
          ...apiErrors,
        },
      },
    },
    async (req, reply) => {
      const { id, format } = req.params;
      const f = await ctrFilingFile(app.db, id, format);
      void reply.header('cache-control', 'no-store');
      if (format === 'xml') void reply.header('x-content-sha256', f.hash);
      void reply.header(
        'content-disposition',
        `attachment; filename="${ctrFilingFileName(f.reference, format)}"`,
      );
      return reply
        .type(format === 'xml' ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8')
        .send(f.body);
    },
  );

  app.post(
    '/ctr-filings/:id/submission',
    {
      preHandler: requirePermission('aml.ctr.file'),
      schema: {
        tags: ['aml'],
        summary: 'Records the FIU’s submission date and reference of a filing, once',
        security,
        params: ctrFilingParamSchema,
        body: fiuSubmissionSchema,
        response: { 200: ctrFilingSchema, ...apiErrors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      return app.db.transaction((tx) =>
        recordCtrSubmission(tx, req.params.id, req.body, {
          id: u.userId,
          email: u.email,
          ip: requestIp(req),
        }),
      );
    },
  );
};
