import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  branchStatisticsQuerySchema,
  branchStatisticsSchema,
  depositBorrowingQuerySchema,
  depositBorrowingSchema,
  snapshotQuerySchema,
  snapshotSchema,
} from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { listBranch, requirePermission } from '../auth/index.ts';
import { branchStatistics } from './branch-statistics.ts';
import { depositBorrowing } from './deposit-borrowing.ts';
import { snapshot, snapshotCsvRows } from './snapshot.ts';

/**
 * Enquiries → Snapshot View, Deposit & Borrowing Analysis and Branch Statistics (`reports.read`):
 * bank-wide for a holder of `branches.all` (or the one branch they ask for), the home branch for
 * everyone else; asking for another branch is 403. Read-only, so the read replica serves them when one is configured (ADR 0054).
 */
export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/snapshot',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['reports'],
        summary: 'Balances by branch, product and currency at the close of a business date',
        description: 'From the daily aggregates end of day keeps; with format=csv the same rows as a file.',
        security,
        querystring: snapshotQuerySchema,
        response: {
          200: z.union([snapshotSchema, fileAnswer(['text/csv'], 'with format=csv: text/csv')]),
          ...apiErrors,
        },
      },
    },
    async (req, reply) => {
      const { date, product, format } = req.query;
      const scope = { branch: listBranch(req, req.query.branch) ?? null, product: product ?? null };
      void reply.header('cache-control', 'no-store');
      const { value, served } = await app.reportReads.run(reply, (db) => snapshot(db, date, scope));
      if (format === 'json') return { ...value, served };
      void reply.header('content-disposition', `attachment; filename="snapshot-${date}.csv"`);
      return reply.type('text/csv; charset=utf-8').send(snapshotCsvRows(value).map(csvRow).join(''));
    },
  );

  app.get(
    '/reports/deposit-borrowing',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['reports'],
        summary: 'Deposits and loans at each month end of a period, the change, and the mix by product',
        security,
        querystring: depositBorrowingQuerySchema,
        response: { 200: depositBorrowingSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const { from, to, product } = req.query;
      const scope = { branch: listBranch(req, req.query.branch) ?? null, product: product ?? null };
      void reply.header('cache-control', 'no-store');
      const { value, served } = await app.reportReads.run(reply, (db) =>
        depositBorrowing(db, from, to, scope),
      );
      return { ...value, served };
    },
  );

  app.get(
    '/reports/branch-statistics',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['reports'],
        summary: 'Per branch over a period: customers and accounts opened and closed, deposits, loans, cash',
        security,
        querystring: branchStatisticsQuerySchema,
        response: { 200: branchStatisticsSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = listBranch(req, req.query.branch) ?? null;
      void reply.header('cache-control', 'no-store');
      const { value, served } = await app.reportReads.run(reply, (db) =>
        branchStatistics(db, req.query, branch),
      );
      return { ...value, served };
    },
  );
};
