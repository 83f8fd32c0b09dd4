import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ctrExportFileName,
  ctrFlagQuerySchema,
  ctrFlagSchema,
  formatCurrency,
  formatDate,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { pdfOrCsvReport } from '../../lib/openapi-docs.ts';
import { badRequest } from '../../lib/http-error.ts';
import { pageWindow, sendPage, setTotalCount } from '../../lib/paging.ts';
import { requirePermission } from '../auth/index.ts';
import { CTR_EXPORT_MAX_ROWS, ctrFlags } from './ctr.ts';
import { ctrCsv, ctrPdf } from './ctr-export.ts';
import { scopedBranch } from './scope.ts';

/**
 * GET /api/ctr-flags: cash transactions at or above CTR_THRESHOLD, the compliance list. A report
 * (`reports.read`, held by compliance officers); limited to the home branch without `branches.all`.
 */
export const ctrRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ctr-flags',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['teller'],
        summary: 'Currency-transaction-report candidates: paged JSON, or the whole filter as CSV or PDF',
        security,
        querystring: ctrFlagQuerySchema,
        response: { 200: z.union([z.array(ctrFlagSchema), pdfOrCsvReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const q = { ...req.query, branch: scopedBranch(req, req.query.branch) };
      if (q.from && q.to && q.from > q.to)
        throw badRequest('The start date is after the end date', [{ path: '/from', message: 'after to' }]);
      if (q.format === 'json') return sendPage(reply, await ctrFlags(app.db, q, pageWindow(q, 25)));
      const all = await ctrFlags(app.db, q, undefined);
      if (all.total > CTR_EXPORT_MAX_ROWS)
        throw badRequest(
          `The filter matches ${all.total} transactions; an export carries at most ${CTR_EXPORT_MAX_ROWS}. Narrow the dates.`,
        );
      setTotalCount(reply, all.total);
      void reply.header('cache-control', 'no-store');
      const name = ctrExportFileName(q.from ?? '', q.to ?? '', q.format);
      void reply.header('content-disposition', `attachment; filename="${name}"`);
      if (q.format === 'csv') return reply.type('text/csv; charset=utf-8').send(ctrCsv(all.rows));
      const period = `${q.from ? formatDate(q.from) : 'From the start'} to ${q.to ? formatDate(q.to) : 'today'}${q.branch ? `, branch ${q.branch}` : ', all branches'}`;
      const t = app.config.ctrThreshold;
      const threshold = `${formatCurrency(t.SLE, 'SLE')} or ${formatCurrency(t.USD, 'USD')}`;
      return reply.type('application/pdf').send(ctrPdf(all.rows, period, threshold));
    },
  );
};
