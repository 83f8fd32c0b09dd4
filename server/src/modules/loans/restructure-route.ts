import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOAN_CLASS_LABELS,
  loanGradingRequestedSchema,
  loanIdParam,
  loanRestructureSchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestApproval } from '../approvals/index.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, assertPermission, currentUser, requirePermission } from '../auth/index.ts';
import { assertGradable, assertNoPendingGrading, gradedLoan } from '../loan-book/index.ts';
import { registerRestructure, RESTRUCTURE_TYPE, restructureCommand, restructurePlan } from './restructure.ts';

/**
 * `POST /api/loans/:id/restructure`: a credit officer asks for a new rate and/or term from a date;
 * a second person with loan approval in the loan's branch approves it in the inbox (restructure.ts
 * runs then). Capitalising overdue principal needs `loans.capitalise` as well. The request carries
 * the new schedule's figures so the checker sees what they approve.
 */
export const loanRestructureRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRestructure(app.approvals);
  app.post(
    '/loans/:id/restructure',
    {
      preHandler: requirePermission('loans.appraise'),
      schema: {
        tags: ['loans'],
        summary:
          'Asks for a restructuring or rescheduling of the loan (four-eyes: a checker with loan approval in the branch)',
        security,
        params: loanIdParam,
        body: loanRestructureSchema,
        response: { 202: loanGradingRequestedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      if (req.body.capitaliseArrears) assertPermission(req, 'loans.capitalise');
      const u = currentUser(req);
      const maker = { id: u.userId, email: u.email, ip: requestIp(req) };
      const cmd = restructureCommand(req.params.id, req.body);
      const approvalId = await app.db.transaction(async (tx) => {
        const l = await gradedLoan(tx, cmd.loanId, true);
        assertBranch(req, l.branch);
        assertGradable(l);
        await assertNoPendingGrading(tx, l.id);
        const { plan, t, rate } = await restructurePlan(tx, cmd);
        const first = plan.added[0]!;
        return requestApproval(tx, {
          type: RESTRUCTURE_TYPE,
          subjectType: 'loan',
          subjectId: String(l.id),
          command: cmd,
          before: {
            loan: l.id,
            customer: l.customer,
            class: LOAN_CLASS_LABELS[l.loan_class],
            rate: t.rate,
            term: t.term,
            principalOwed: t.outstanding,
          },
          after: {
            loan: l.id,
            effectiveDate: cmd.effectiveDate,
            rate,
            instalments: plan.term,
            principal: plan.principal,
            capitalisedArrears: plan.capitalised,
            firstDue: { date: first.dueDate, principal: first.principalDue, interest: first.interestDue },
            reason: cmd.reason,
          },
          maker,
          branch: l.branch,
          subjectVersion: l.version,
        });
      });
      return reply.status(202).send({ approvalId });
    },
  );
};
