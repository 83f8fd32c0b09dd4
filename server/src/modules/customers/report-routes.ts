import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUSTOMER_REPORT_KEYS,
  customerReportQuerySchema,
  customerReportSchema,
} from '@bankmanager/contracts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { pdfOrCsvReport } from '../../lib/openapi-docs.ts';
import { listBranch, requirePermission } from '../auth/index.ts';
import { businessDate } from './kyc.ts';
import { reportCsv, reportPdfOf } from './report-export.ts';
import { buildReport } from './reports.ts';
import { customerErrors } from './route-support.ts';
import { fieldError } from './validation.ts';
import { sendDownload } from '../../lib/downloads.ts';

const daysBefore = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/** `GET /api/customers/reports/:report`: JSON for the screen, CSV and PDF to download. */
export const customerReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/reports/:report',
    {
      preHandler: requirePermission('customers.read'),
      schema: {
        tags: ['customers'],
        summary: 'Customer reports: new customers, KYC gaps and expiring IDs, PEPs and high risk, dormant',
        security,
        params: z.object({ report: z.enum(CUSTOMER_REPORT_KEYS) }),
        querystring: customerReportQuerySchema,
        response: { 200: z.union([customerReportSchema, pdfOrCsvReport]), ...customerErrors },
      },
    },
    async (req, reply) => {
      const today = await businessDate(app.db);
      const to = req.query.to ?? today;
      const from = req.query.from ?? daysBefore(to, 30);
      if (from > to) throw fieldError('/from', 'The start of the period must not be after its end');
      const branch = listBranch(req, req.query.branch);
      const data = await buildReport(app.db, req.params.report, { from, to, branch });
      void reply.header('cache-control', 'no-store');
      if (req.query.format === 'json') return data;
      const format = req.query.format;
      const name = `customers-${req.params.report}-${from}-${to}.${format}`;
      return sendDownload(reply, format, name, format === 'csv' ? reportCsv(data) : reportPdfOf(data));
    },
  );
};
