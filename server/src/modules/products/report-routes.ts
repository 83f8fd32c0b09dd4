import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { pdfOrCsvReport } from '../../lib/openapi-docs.ts';
import { requirePermission } from '../auth/index.ts';
import { productReportCsv, productReportPdf } from './report-export.ts';
import { buildProductReport, productReportSchema } from './reports.ts';
import { sendDownload } from '../../lib/downloads.ts';

/**
 * `GET /api/products/reports`: JSON for the screen, CSV and PDF to download. `products.manage`, the
 * permission of the `/products` menu area, so whoever sees the screen can load it.
 */
export const productReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/reports',
    {
      preHandler: requirePermission('products.manage'),
      schema: {
        tags: ['products'],
        summary: 'Per deposit product: accounts by status, total balance, the rate in force',
        security,
        querystring: z.object({ format: z.enum(['json', 'csv', 'pdf']).default('json') }),
        response: { 200: z.union([productReportSchema, pdfOrCsvReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const data = await buildProductReport(app.db);
      void reply.header('cache-control', 'no-store');
      if (req.query.format === 'json') return data;
      const format = req.query.format;
      const body = format === 'csv' ? productReportCsv(data) : productReportPdf(data);
      return sendDownload(reply, format, `products-${data.businessDate}.${format}`, body);
    },
  );
};
