import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loanDetailSchema,
  loanIdParam,
  loanListQuerySchema,
  loanSummarySchema,
} from '@bankmanager/contracts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { assertBranch, currentUser, listBranch, requirePermission } from '../auth/index.ts';
import { agreementPdf } from './agreement-pdf.ts';
import { getLoan, listLoans, loanBranch } from './rows.ts';

export const LOANS_PAGE_SIZE = 25;

/**
 * `GET /api/loans` (Loan Manager and Closed Loans), `/:id` (the loan 360) and `/:id/agreement.pdf`.
 * Reading needs `loans.read`; staff without `branches.all` see their home branch's loans only.
 */
export const loanReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loans',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loans'],
        summary:
          'Disbursed loans: paged, sorted, filtered by status (Closed Loans), branch, product, customer, account; X-Total-Count',
        security,
        querystring: loanListQuerySchema,
        response: { 200: z.array(loanSummarySchema), ...apiErrors },
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listLoans(
          app.db,
          req.query,
          listBranch(req, req.query.branch),
          pageWindow(req.query, LOANS_PAGE_SIZE),
        ),
      ),
  );

  app.get(
    '/loans/:id',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loans'],
        summary:
          'The loan 360: status, principal owed, next due, days past due, the schedule with its states, guarantors, collateral, transactions, audit and pending approvals',
        security,
        params: loanIdParam,
        response: { 200: loanDetailSchema, ...apiErrors },
      },
    },
    async (req) => {
      assertBranch(req, await loanBranch(app.db, req.params.id));
      return getLoan(app.db, req.params.id);
    },
  );

  app.get(
    '/loans/:id/agreement.pdf',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loans'],
        summary:
          'The loan agreement summary for the customer: amount, rate, APR, schedule, total cost of credit',
        security,
        params: loanIdParam,
        response: { 200: fileAnswer(['application/pdf'], 'application/pdf'), ...apiErrors },
      },
    },
    async (req, reply) => {
      assertBranch(req, await loanBranch(app.db, req.params.id));
      const loan = await getLoan(app.db, req.params.id);
      const u = currentUser(req);
      // A printed agreement leaves the bank: who printed which one is on the record.
      await writeAudit(app.db, {
        action: 'loan.agreement_printed',
        outcome: 'success',
        actorId: u.userId,
        actorEmail: u.email,
        ip: requestIp(req),
        targetType: 'loan',
        targetId: String(loan.id),
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="loan-${loan.id}-agreement.pdf"`)
        .send(agreementPdf(loan));
    },
  );
};
