import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loanApplicationIdParam,
  loanApplicationListQuerySchema,
  loanApplicationSchema,
  loanAppraisalFactsSchema,
} from '@bankmanager/contracts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, listBranch, requirePermission } from '../auth/index.ts';
import { appraisalFacts } from './appraisal.ts';
import { getApplication, listApplications } from './rows.ts';

export const LOAN_APPLICATIONS_PAGE_SIZE = 25;

/**
 * `GET /api/loan-applications`, `/:id` and `/:id/appraisal`: reading needs `loans.read`, and staff
 * without `branches.all` see their home branch's applications only.
 */
export const loanApplicationReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loan-applications',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loan-applications'],
        summary:
          'Loan applications: paged, sorted, filtered by status, branch, officer, product; X-Total-Count',
        security,
        querystring: loanApplicationListQuerySchema,
        response: { 200: z.array(loanApplicationSchema), ...apiErrors },
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listApplications(
          app.db,
          req.query,
          listBranch(req, req.query.branch),
          pageWindow(req.query, LOAN_APPLICATIONS_PAGE_SIZE),
        ),
      ),
  );

  app.get(
    '/loan-applications/:id',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loan-applications'],
        summary: 'One loan application with guarantors, collateral, appraisal and history',
        security,
        params: loanApplicationIdParam,
        response: { 200: loanApplicationSchema, ...apiErrors },
      },
    },
    async (req) => {
      const a = await getApplication(app.db, req.params.id);
      assertBranch(req, a.branch);
      return a;
    },
  );

  app.get(
    '/loan-applications/:id/appraisal',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loan-applications'],
        summary:
          'The appraisal worked out now: schedule preview, DSR, exposure, flags, coverage and approval authority',
        security,
        params: loanApplicationIdParam,
        response: { 200: loanAppraisalFactsSchema, ...apiErrors },
      },
    },
    async (req) => {
      const a = await getApplication(app.db, req.params.id);
      assertBranch(req, a.branch);
      return appraisalFacts(app.db, a);
    },
  );
};
