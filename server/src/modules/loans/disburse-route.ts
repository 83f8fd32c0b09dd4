import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOAN_APPLICATION_TRANSITIONS as TR,
  LOAN_TEXT_DISBURSE as T,
  loanApplicationIdParam,
  loanDisburseAnswerSchema,
  loanDisburseSchema,
} from '@bankmanager/contracts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestApproval } from '../approvals/index.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, requirePermission } from '../auth/index.ts';
import { getApplication, lockFor } from '../loan-applications/index.ts';
import { DISBURSE_TYPE, type DisburseCommand } from './disburse.ts';

/**
 * `POST /api/loan-applications/:id/disburse`: the maker asks for an Approved application's money to
 * go out. Nothing moves until a second person approves in the inbox (disburse.ts runs then); the
 * request shows the checker what will be paid and where.
 */
export const loanDisburseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/loan-applications/:id/disburse',
    {
      preHandler: requirePermission(TR.disburse.permission),
      schema: {
        tags: ['loans'],
        summary:
          'Asks for an Approved loan’s disbursement (four-eyes: a checker with loan approval in the branch pays it out)',
        security,
        params: loanApplicationIdParam,
        body: loanDisburseSchema,
        response: { 202: loanDisburseAnswerSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const current = await getApplication(app.db, req.params.id);
      assertBranch(req, current.branch);
      const u = currentUser(req);
      const maker = { id: u.userId, email: u.email, ip: requestIp(req) };
      const firstDueDate = req.body.firstDueDate ?? null;
      const channel = req.body.channel ?? 'account';
      const approvalId = await app.db.transaction(async (tx) => {
        const a = await lockFor(tx, req.params.id, 'disburse');
        if (a.pending)
          throw conflict(T.pendingDisbursement, { code: 'pending_approval', approvalId: a.pending });
        if (firstDueDate && firstDueDate <= (await currentBusinessDate(tx)))
          throw badRequest('Invalid request', [{ path: '/firstDueDate', message: T.firstDue }]);
        return requestApproval(tx, {
          type: DISBURSE_TYPE,
          subjectType: 'loan_application',
          subjectId: String(a.id),
          command: { applicationId: a.id, firstDueDate, channel } satisfies DisburseCommand,
          before: null,
          after: {
            application: a.id,
            customer: `${current.customerName} (${current.custId})`,
            product: current.productName,
            amount: current.amount,
            currency: current.currency,
            term: current.term,
            rate: current.rate,
            repaymentAccount: current.repaymentAccount,
            paidOut:
              channel === 'cash' ? 'in cash at a teller’s till of the branch' : 'to the repayment account',
            firstDueDate: firstDueDate ?? 'one period after disbursement',
          },
          maker,
          branch: a.branch,
          subjectVersion: String(a.version),
        });
      });
      return reply
        .status(202)
        .send({ applicationId: req.params.id, approvalId, status: 'Approved' as const });
    },
  );
};
