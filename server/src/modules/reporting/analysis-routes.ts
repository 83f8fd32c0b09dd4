import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  branchStatisticsQuerySchema,
  branchStatisticsSchema,
  depositBorrowingQuerySchema,
  depositBorrowingSchema,
  snapshotQuerySchema,
  snapshotSchema,
  type ReportTable,
} from '@bankmanager/contracts';
import { sendDownload, type DownloadFormat } from '../../lib/downloads.ts';
import { csvPdfOrXlsxReport } from '../../lib/openapi-docs.ts';
import { tablesFile } from '../../lib/report-table-files.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { listBranch, requirePermission } from '../auth/index.ts';
import {
  ANALYSIS_FOOTER,
  branchStatisticsTables,
  depositBorrowingTables,
  snapshotTables,
} from './analysis-files.ts';
import { branchStatistics } from './branch-statistics.ts';
import { depositBorrowing } from './deposit-borrowing.ts';
import { snapshot } from './snapshot.ts';

/** The file of what the screen shows, named after the report and its period. */
async function sendTables(reply: FastifyReply, format: DownloadFormat, name: string, tables: ReportTable[]) {
  return sendDownload(
    reply,
    format,
    `${name}.${format}`,
    await tablesFile(tables, format, { footer: ANALYSIS_FOOTER }),
  );
}

/**
 * Enquiries → Snapshot View, Deposit & Borrowing Analysis and Branch Statistics (`reports.read`):
 * bank-wide for a holder of `branches.all` (or the one branch they ask for), the home branch for
 * everyone else; asking for another branch is 403. Read-only, so the read replica serves them when one is configured (ADR 0054).
 * Each answers JSON for its screen, or with `format` the same figures as CSV, PDF or XLSX.
 */
export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/snapshot',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['reports'],
        summary: 'Balances by branch, product and currency at the close of a business date',
        description:
          'From the daily aggregates end of day keeps; with format=csv|pdf|xlsx the same rows as a file.',
        security,
        querystring: snapshotQuerySchema,
        response: { 200: z.union([snapshotSchema, csvPdfOrXlsxReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const { date, product, format } = req.query;
      const scope = { branch: listBranch(req, req.query.branch) ?? null, product: product ?? null };
      void reply.header('cache-control', 'no-store');
      const { value, served } = await app.reportReads.run(reply, (db) => snapshot(db, date, scope));
      if (format === 'json') return { ...value, served };
      return sendTables(reply, format, `snapshot-${date}`, snapshotTables(value));
    },
  );

  app.get(
    '/reports/deposit-borrowing',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['reports'],
        summary: 'Deposits and loans at each month end of a period, the change, and the mix by product',
        description:
          'With currency, one currency only (as the screen shows it); with format=csv|pdf|xlsx a file.',
        security,
        querystring: depositBorrowingQuerySchema,
        response: { 200: z.union([depositBorrowingSchema, csvPdfOrXlsxReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const { from, to, product, currency, format } = req.query;
      const scope = { branch: listBranch(req, req.query.branch) ?? null, product: product ?? null };
      void reply.header('cache-control', 'no-store');
      const { value: all, served } = await app.reportReads.run(reply, (db) =>
        depositBorrowing(db, from, to, scope),
      );
      const value = currency
        ? {
            ...all,
            months: all.months.filter((m) => m.currency === currency),
            mix: all.mix.filter((m) => m.currency === currency),
          }
        : all;
      if (format === 'json') return { ...value, served };
      const name = `deposit-borrowing-${from}-to-${to}${currency ? `-${currency}` : ''}`;
      return sendTables(reply, format, name, depositBorrowingTables(value, currency ?? null));
    },
  );

  app.get(
    '/reports/branch-statistics',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['reports'],
        summary: 'Per branch over a period: customers and accounts opened and closed, deposits, loans, cash',
        description: 'With format=csv|pdf|xlsx the same table as a file.',
        security,
        querystring: branchStatisticsQuerySchema,
        response: { 200: z.union([branchStatisticsSchema, csvPdfOrXlsxReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = listBranch(req, req.query.branch) ?? null;
      const { from, to, currency, format } = req.query;
      void reply.header('cache-control', 'no-store');
      const { value, served } = await app.reportReads.run(reply, (db) =>
        branchStatistics(db, { from, to, currency }, branch),
      );
      if (format === 'json') return { ...value, served };
      return sendTables(
        reply,
        format,
        `branch-statistics-${from}-to-${to}-${currency}`,
        branchStatisticsTables(value),
      );
    },
  );
};
