import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOAN_REPAYMENT_TEXT as T,
  loanAccountNumberParam,
  loanCashRepaymentRequestSchema,
  loanIdParam,
  loanPayoffQuerySchema,
  loanPayoffQuoteSchema,
  loanRepaymentLookupSchema,
  loanRepaymentRequestSchema,
  loanRepaymentSchema,
  loanSettleRequestSchema,
} from '@bankmanager/contracts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { badRequest } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, requirePermission } from '../auth/index.ts';
import { repayLoan } from './repay.ts';
import { loanByAccount, payoffFor } from './repayment-lookup.ts';
import { loanBranch } from './rows.ts';

const answers = { 200: loanRepaymentSchema, 201: loanRepaymentSchema, ...apiErrors };

/**
 * Repayments (docs/loans.md, ADR 0052), each through the one service (repay.ts): by transfer from an
 * account, in cash at the teller's till, and early settlement at the payoff quote. All need
 * `loans.repay` in the loan's branch; the reference makes each idempotent (201 posted, 200 the same
 * reference again).
 */
export const loanRepayRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = (req: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(req);
    return { id: u.userId, email: u.email, ip: requestIp(req) };
  };

  app.post(
    '/loans/:id/repayments',
    {
      preHandler: requirePermission('loans.repay'),
      schema: {
        tags: ['loans'],
        summary:
          'Repays a loan by transfer from a customer account: oldest due first, in the product’s order',
        description:
          '201 with the repayment; 200 when the reference already repaid (the first answer). Money beyond what is due ' +
          'is refused (409 overpayment, details.atMost) unless `overpayment` is `prepay`. 409 loan_not_active, ' +
          'nothing_due, reference_conflict, wrong_currency, and the ledger’s refusals of the paying account ' +
          '(insufficient_available, debit_blocked, account_closed…).',
        security,
        params: loanIdParam,
        body: loanRepaymentRequestSchema,
        response: answers,
      },
    },
    async (req, reply) => {
      const r = await repayLoan(app.db, {
        loanId: req.params.id,
        amount: req.body.amount,
        reference: req.body.reference,
        channel: 'transfer',
        source: { kind: 'account', accountNumber: req.body.fromAccount },
        overpayment: req.body.overpayment,
        actor: actorOf(req),
        assertBranch: (b) => assertBranch(req, b),
      });
      return reply.status(r.status).send(r.repayment);
    },
  );

  app.post(
    '/loans/:id/cash-repayments',
    {
      preHandler: requirePermission('loans.repay'),
      schema: {
        tags: ['loans'],
        summary: 'Repays a loan in cash at the counter: Dr the teller’s open till, Cr as allocated',
        description:
          'As POST /loans/{id}/repayments, from the caller’s open till session (409 till_closed when none is open).',
        security,
        params: loanIdParam,
        body: loanCashRepaymentRequestSchema,
        response: answers,
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const r = await repayLoan(app.db, {
        loanId: req.params.id,
        amount: req.body.amount,
        reference: req.body.reference,
        channel: 'cash',
        source: {
          kind: 'till',
          tellerId: actor.id,
          partyIdNumber: req.body.partyIdNumber ?? '',
          ctrThreshold: app.config.ctrThreshold,
        },
        overpayment: req.body.overpayment,
        actor,
        party: req.body.partyName,
        assertBranch: (b) => assertBranch(req, b),
      });
      return reply.status(r.status).send(r.repayment);
    },
  );

  app.get(
    '/loans/by-account/:number',
    {
      preHandler: requirePermission('loans.repay'),
      schema: {
        tags: ['loans'],
        summary:
          'Finds a loan by its loan account number: what is due now, next due, arrears and today’s payoff',
        security,
        params: loanAccountNumberParam,
        response: { 200: loanRepaymentLookupSchema, ...apiErrors },
      },
    },
    async (req) => loanByAccount(app.db, req.params.number, (b) => assertBranch(req, b)),
  );

  app.get(
    '/loans/:id/payoff',
    {
      preHandler: requirePermission('loans.repay'),
      schema: {
        tags: ['loans'],
        summary:
          'The payoff quote for a date (default the business date, never before it): principal, interest due and accrued actual/365, fees, penalties',
        security,
        params: loanIdParam,
        querystring: loanPayoffQuerySchema,
        response: { 200: loanPayoffQuoteSchema, ...apiErrors },
      },
    },
    async (req) => {
      assertBranch(req, await loanBranch(app.db, req.params.id));
      const today = await currentBusinessDate(app.db);
      const date = req.query.date ?? today;
      if (date < today) throw badRequest('Invalid request', [{ path: '/date', message: T.payoffDate }]);
      return payoffFor(app.db, req.params.id, date);
    },
  );

  app.post(
    '/loans/:id/settle',
    {
      preHandler: requirePermission('loans.repay'),
      schema: {
        tags: ['loans'],
        summary: 'Settles a loan early: pays today’s payoff quote from an account and closes the loan',
        description:
          '`amount` must be today’s quote (409 quote_changed with details.total otherwise). 201 with the repayment ' +
          '(loanStatus Closed); 200 when the reference already settled it.',
        security,
        params: loanIdParam,
        body: loanSettleRequestSchema,
        response: answers,
      },
    },
    async (req, reply) => {
      const r = await repayLoan(app.db, {
        loanId: req.params.id,
        amount: req.body.amount,
        reference: req.body.reference,
        channel: 'settlement',
        source: { kind: 'account', accountNumber: req.body.fromAccount },
        overpayment: 'refuse',
        settle: true,
        actor: actorOf(req),
        assertBranch: (b) => assertBranch(req, b),
      });
      return reply.status(r.status).send(r.repayment);
    },
  );
};
