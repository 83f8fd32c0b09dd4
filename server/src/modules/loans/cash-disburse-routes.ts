import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loanApplicationIdParam,
  loanCashDisbursementQuoteSchema,
  loanCashDisbursementRequestSchema,
  loanCashDisbursementSchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, requirePermission } from '../auth/index.ts';
import { cashDisbursementQuote, payCashDisbursement } from './cash-disburse.ts';

/**
 * Loan disbursement in cash at the counter (ADR 0070): the teller's look-up of an approved cash
 * disbursement and the payout from their open till. Cash out of a till is the teller's
 * (`teller.cash`); the decision to lend and to pay in cash was the loan officer's and the checker's.
 */
export const loanCashDisburseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loan-applications/:id/cash-disbursement',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['loans'],
        summary: 'An approved cash disbursement as the teller pays it today: customer, gross, fees, net',
        description:
          '409 not_approved_for_cash when no checker approved a cash disbursement of an Approved application.',
        security,
        params: loanApplicationIdParam,
        response: { 200: loanCashDisbursementQuoteSchema, ...apiErrors },
      },
    },
    async (req) => cashDisbursementQuote(app.db, req.params.id, (b) => assertBranch(req, b)),
  );

  app.post(
    '/loan-applications/:id/cash-disbursement',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['loans'],
        summary:
          'Pays an approved loan out in cash from the teller’s open till: Dr loan, Cr till cash the net, Cr fee income',
        description:
          '201 with the payout (the loan is made and its schedule frozen today); 200 when the reference already paid ' +
          'it. 409 till_closed, till_cash_short, other_branch, wrong_currency, not_approved_for_cash, ' +
          'first_due_passed, wrong_state (not Approved: already disbursed), reference_conflict.',
        security,
        params: loanApplicationIdParam,
        body: loanCashDisbursementRequestSchema,
        response: { 200: loanCashDisbursementSchema, 201: loanCashDisbursementSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const r = await payCashDisbursement(app.db, {
        applicationId: req.params.id,
        body: req.body,
        teller: { id: u.userId, email: u.email, ip: requestIp(req) },
        ctrThreshold: app.config.ctrThreshold,
        assertBranch: (b) => assertBranch(req, b),
      });
      return reply.status(r.status).send(r.payout);
    },
  );
};
