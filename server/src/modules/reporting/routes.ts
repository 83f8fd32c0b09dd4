import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { executiveDashboardQuerySchema, executiveDashboardSchema } from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { listBranch, requirePermission } from '../auth/index.ts';
import { analysisRoutes } from './analysis-routes.ts';
import { executiveDashboard } from './dashboard.ts';

/**
 * `GET /api/reports/executive-dashboard` (`reports.read`): bank-wide for a holder of `branches.all`
 * (or one branch they ask for), the home branch for everyone else; asking for another branch is 403.
 */
export const reportingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/executive-dashboard',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags: ['reports'],
        summary: 'Executive dashboard: deposits, loans, trends, liquidity, cash, openings',
        security,
        querystring: executiveDashboardQuerySchema,
        response: { 200: executiveDashboardSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = listBranch(req, req.query.branch) ?? null;
      void reply.header('cache-control', 'no-store');
      // Read-only figures: the read replica serves them when one is configured (ADR 0054).
      const { value, served } = await app.reportReads.run(reply, (db) => executiveDashboard(db, branch));
      return { ...value, served };
    },
  );
  // Snapshot View, Deposit & Borrowing Analysis and Branch Statistics, in a file of their own.
  await app.register(analysisRoutes);
};
