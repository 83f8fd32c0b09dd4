import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EOD_REPORTS, eodReportQuerySchema, eodReportSchema } from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../../lib/route-schemas.ts';
import { pdfOrCsvReport } from '../../../lib/openapi-docs.ts';
import { requirePermission } from '../../auth/index.ts';
import { buildEodReport } from './build.ts';
import { eodReportCsv, eodReportPdf } from './export.ts';

/**
 * `GET /api/eod/reports/:report` — daily EOD report, interest by product and branch, WHT due to NRA,
 * dormant accounts newly marked; JSON for the screen, CSV and PDF to download (`reports.read`).
 */
export const eodReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/eod/reports/:report',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['end of day'],
        summary: 'An end-of-day report as JSON, CSV or PDF',
        security,
        params: z.object({ report: z.enum(EOD_REPORTS) }),
        querystring: eodReportQuerySchema,
        response: { 200: z.union([eodReportSchema, pdfOrCsvReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const data = await buildEodReport(app.db, req.params.report, req.query, req.query.format === 'csv');
      void reply.header('cache-control', 'no-store');
      if (req.query.format === 'json') return data;
      const stamp = req.query.date ?? req.query.month ?? req.query.to ?? 'latest';
      void reply.header(
        'content-disposition',
        `attachment; filename="eod-${req.params.report}-${stamp}.${req.query.format}"`,
      );
      if (req.query.format === 'csv') return reply.type('text/csv; charset=utf-8').send(eodReportCsv(data));
      return reply.type('application/pdf').send(eodReportPdf(data));
    },
  );
};
