import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUSTOMER_TEXT,
  customerBranchMoveSchema,
  customerMergeSchema,
  riskOverrideSchema,
} from '@bankmanager/contracts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';
import { requestApproval, type ApprovalRequestInput } from '../approvals/index.ts';
import { checkBranchExists } from './branches.ts';
import { getCustomer } from './customer-row.ts';
import { assertMergeable } from './merge.ts';
import { actorOf, approvalAnswer, custParam } from './route-support.ts';
import { fieldError } from './validation.ts';

type Request = Omit<ApprovalRequestInput, 'maker' | 'subjectType'>;

/**
 * Compliance and administration, each a four-eyes request (202): the risk override
 * (`customer.risk_override`), merging two records and moving a customer to another branch (both
 * `customer.merge`, whose policy covers "merge two customers or move a branch"; the command says which).
 */
export const customerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ask = (req: Parameters<typeof actorOf>[0], r: Request) =>
    app.db.transaction((tx) => requestApproval(tx, { ...r, subjectType: 'customer', maker: actorOf(req) }));

  app.post(
    '/customers/:custId/risk-override',
    {
      preHandler: requirePermission('customers.approve'),
      schema: {
        tags: ['customers'],
        summary:
          'Requests a risk rating override with its reason (four-eyes); high needs EDD notes and a review date',
        security,
        params: custParam,
        body: riskOverrideSchema,
        response: approvalAnswer,
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (b.rating === 'high' && (!b.eddNotes || !b.reviewOn))
        throw fieldError(b.eddNotes ? '/reviewOn' : '/eddNotes', CUSTOMER_TEXT.eddRequired);
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      const command = {
        custId: c.custId,
        rating: b.rating,
        reason: b.reason,
        eddNotes: b.eddNotes ?? null,
        reviewOn: b.reviewOn ?? null,
      };
      const approvalId = await ask(req, {
        type: 'customer.risk_override',
        subjectId: String(c.custId),
        command,
        before: { rating: c.riskOverride ?? c.riskRating },
        after: { rating: b.rating },
        subjectVersion: String(c.version),
        branch: c.branch,
      });
      return reply.status(202).send({ approvalId });
    },
  );

  app.post(
    '/customers/merge',
    {
      preHandler: requirePermission('customers.create'),
      schema: {
        tags: ['customers'],
        summary:
          'Requests merging one customer into another (four-eyes): accounts, documents, contacts, relations move',
        security,
        body: customerMergeSchema,
        response: approvalAnswer,
      },
    },
    async (req, reply) => {
      const { survivorId, mergedId, reason } = req.body;
      const { survivor, merged } = await assertMergeable(app.db, survivorId, mergedId);
      assertBranch(req, survivor.branch);
      assertBranch(req, merged.branch);
      const approvalId = await ask(req, {
        type: 'customer.merge',
        subjectId: String(mergedId),
        command: { kind: 'merge', survivorId, mergedId, reason },
        before: { merged: merged.name, survivor: survivor.name },
        after: { mergedInto: survivorId },
        subjectVersion: String(merged.version),
        // Two branches' customers merge only with a checker who works in both (branches.all).
        branch: merged.branch === survivor.branch ? merged.branch : null,
      });
      return reply.status(202).send({ approvalId });
    },
  );

  app.post(
    '/customers/:custId/branch',
    {
      preHandler: requirePermission('customers.create'),
      schema: {
        tags: ['customers'],
        summary: 'Requests moving a customer to another branch (four-eyes, request type customer.merge)',
        security,
        params: custParam,
        body: customerBranchMoveSchema,
        response: approvalAnswer,
      },
    },
    async (req, reply) => {
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      await checkBranchExists(app.db, req.body.branch);
      if (req.body.branch === c.branch) throw fieldError('/branch', 'The customer is already in this branch');
      const approvalId = await ask(req, {
        type: 'customer.merge',
        subjectId: String(c.custId),
        command: { kind: 'branch', custId: c.custId, branch: req.body.branch, reason: req.body.reason },
        before: { branch: c.branch },
        after: { branch: req.body.branch },
        subjectVersion: String(c.version),
        // A move concerns two branches: bank-wide, decided by a checker with branches.all.
        branch: null,
      });
      return reply.status(202).send({ approvalId });
    },
  );
};
