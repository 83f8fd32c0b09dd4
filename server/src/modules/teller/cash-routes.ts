import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  cashDepositSchema,
  cashWithdrawalSchema,
  tellerTransactionSchema,
  TELLER_TEXT,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { notFound } from '../../lib/http-error.ts';
import { acceptEmptyJsonBodies } from '../../lib/lenient-json.ts';
import { monitorCashPosting } from '../aml/index.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';
import { tellerOf } from './caller.ts';
import { payApprovedWithdrawal, takeCash, type CashContext } from './cash.ts';
import { approvedUnpaid, transactionById } from './transaction-repository.ts';

const idParam = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a transaction id') });
const answers = {
  200: tellerTransactionSchema,
  201: tellerTransactionSchema,
  202: tellerTransactionSchema,
  ...apiErrors,
};

/** Cash deposits and withdrawals at the counter (docs/teller.md), idempotent by reference. */
export const tellerCashRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const contextOf = (req: FastifyRequest): CashContext => ({
    ctrThreshold: app.config.ctrThreshold,
    assertBranch: (b) => assertBranch(req, b),
    limits: app.approvals.limits,
  });
  // Cash just posted: the monitoring's cash rules for that customer's day, after the commit, so the
  // teller never waits on or fails because of them. Nothing of it reaches the teller's answer.
  const monitor = async (req: FastifyRequest, status: number, accountNumber: string) => {
    if (status === 201) await monitorCashPosting(app.db, accountNumber, req.log);
  };

  app.post(
    '/teller/deposits',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary: 'Takes a cash deposit into the caller’s open till: 201 (200 when replayed)',
        security,
        body: cashDepositSchema,
        response: answers,
      },
    },
    async (req, reply) => {
      const r = await takeCash(app.db, tellerOf(req), { ...req.body, kind: 'deposit' }, contextOf(req));
      await monitor(req, r.status, r.transaction.accountNumber);
      return reply.status(r.status).send(r.transaction);
    },
  );

  app.post(
    '/teller/withdrawals',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary:
          'Pays a cash withdrawal from the caller’s open till: 201, or 202 with approvalId over the teller’s limit',
        security,
        body: cashWithdrawalSchema,
        response: answers,
      },
    },
    async (req, reply) => {
      const r = await takeCash(app.db, tellerOf(req), { ...req.body, kind: 'withdrawal' }, contextOf(req));
      await monitor(req, r.status, r.transaction.accountNumber);
      return reply.status(r.status).send(r.transaction);
    },
  );

  app.post(
    '/teller/withdrawals/:id/pay',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary:
          'Pays an approved withdrawal from the caller’s open till (the teller who asked): 201, 200 if paid',
        security,
        params: idParam,
        response: answers,
      },
    },
    async (req, reply) => {
      const r = await payApprovedWithdrawal(app.db, tellerOf(req), req.params.id, contextOf(req));
      if (!r) throw notFound(TELLER_TEXT.noTransaction);
      await monitor(req, r.status, r.transaction.accountNumber);
      return reply.status(r.status).send(r.transaction);
    },
  );

  app.get(
    '/teller/withdrawals/waiting',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary: 'The caller’s withdrawals waiting for approval or approved and not yet paid',
        security,
        response: { 200: z.array(tellerTransactionSchema), ...apiErrors },
      },
    },
    async (req) => approvedUnpaid(app.db, tellerOf(req).id),
  );

  app.get(
    '/teller/transactions/:id',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary: 'One cash transaction (its teller, or anyone serving its branch)',
        security,
        params: idParam,
        response: { 200: tellerTransactionSchema, ...apiErrors },
      },
    },
    async (req) => {
      const t = await transactionById(app.db, req.params.id);
      if (!t) throw notFound(TELLER_TEXT.noTransaction);
      assertBranch(req, t.branch);
      const { tellerId: _t, ...view } = t;
      return view;
    },
  );
};
