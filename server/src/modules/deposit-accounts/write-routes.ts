import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_ACTIONS,
  accountOpenSchema,
  accountOpenedSchema,
  accountRowSchema,
  accountStatusRequestSchema,
  overdraftLimitSchema,
} from '@bankmanager/contracts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, assertPermission, requirePermission } from '../auth/index.ts';
import { requestApproval } from '../approvals/index.ts';
import { loadAccount, refuse, toRow } from './account-row.ts';
import { actorOf } from './audit.ts';
import { payoutAccountFor } from './close.ts';
import { openAccount } from './open.ts';
import { approvalAnswer, errors, makerPermission, numberParam } from './route-support.ts';
import { applyStatus, assertClosable, assertTransition } from './status.ts';

/** `POST /api/accounts`, `POST /api/accounts/:number/status`, `PUT /api/accounts/:number/overdraft-limit`. */
export const accountWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/accounts',
    {
      preHandler: requirePermission('accounts.open'),
      schema: {
        tags: ['accounts'],
        summary: 'Opens a Submitted account and its four-eyes request (202); idempotent by reference',
        security,
        body: accountOpenSchema,
        response: { 202: accountOpenedSchema, ...errors },
      },
    },
    async (req, reply) => {
      if (req.body.branch) assertBranch(req, req.body.branch);
      const branchOf = (home: string) => {
        const b = req.body.branch ?? home;
        assertBranch(req, b);
        return b;
      };
      return reply.status(202).send(await openAccount(app.db, req.body, branchOf, actorOf(req)));
    },
  );

  app.post(
    '/accounts/:number/status',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['accounts'],
        summary:
          'A lifecycle action with its reason: applied (200) or, for unblock, reactivate and close, requested (202)',
        security,
        params: numberParam,
        body: accountStatusRequestSchema,
        response: { 200: accountRowSchema, ...approvalAnswer },
      },
    },
    async (req, reply) => {
      const { action, reason, payoutAccount } = req.body;
      assertPermission(req, makerPermission(action));
      const maker = actorOf(req);
      const number = req.params.number;
      const result = await app.db.transaction(async (tx) => {
        const a = await loadAccount(tx, number, true);
        assertBranch(req, a.branch);
        assertTransition(a, action, await currentBusinessDate(tx));
        if (!ACCOUNT_ACTIONS[action].fourEyes) {
          await applyStatus(tx, a, action, reason, maker);
          return { row: toRow(await loadAccount(tx, number)) };
        }
        if (action === 'close') {
          await assertClosable(tx, a);
          if (payoutAccount) await payoutAccountFor(tx, a, payoutAccount);
        }
        const approvalId = await requestApproval(tx, {
          type: 'account.status',
          subjectType: 'account',
          subjectId: number,
          command: { accountNumber: number, action, reason, payoutAccount },
          before: { status: a.status, blockKind: a.blockKind, balance: a.balance },
          after: { action, payoutAccount: payoutAccount ?? (action === 'close' ? 'cash' : null) },
          maker,
          branch: a.branch,
          subjectVersion: a.version,
        });
        return { approvalId };
      });
      return 'row' in result ? result.row : reply.status(202).send(result);
    },
  );

  app.put(
    '/accounts/:number/overdraft-limit',
    {
      preHandler: requirePermission('accounts.open'),
      schema: {
        tags: ['accounts'],
        summary: 'Requests a new overdraft limit and expiry for a current account (four-eyes, 202)',
        security,
        params: numberParam,
        body: overdraftLimitSchema,
        response: approvalAnswer,
      },
    },
    async (req, reply) => {
      const { limit, expiresOn, reason } = req.body;
      const number = req.params.number;
      const approvalId = await app.db.transaction(async (tx) => {
        const a = await loadAccount(tx, number, true);
        assertBranch(req, a.branch);
        if (a.accountType !== 'Current') throw refuse('overdraft_current_only');
        const today = await currentBusinessDate(tx);
        if (Number(limit) > 0 && (!expiresOn || expiresOn <= today))
          throw refuse('overdraft_expiry_required');
        if (a.status === 'Closed' || a.status === 'Rejected') throw refuse('transition_not_allowed');
        return requestApproval(tx, {
          type: 'account.overdraft',
          subjectType: 'account',
          subjectId: number,
          command: { accountNumber: number, limit, expiresOn: Number(limit) > 0 ? expiresOn : null, reason },
          before: { limit: a.overdraftLimit, expiresOn: a.overdraftExpiresOn },
          after: { limit, expiresOn: expiresOn ?? null },
          maker: actorOf(req),
          branch: a.branch,
          amount: limit,
          currency: a.currency,
          subjectVersion: a.version,
        });
      });
      return reply.status(202).send({ approvalId });
    },
  );
};
