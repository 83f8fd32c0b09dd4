import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUSTOMER_ACTIONS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  customerCreateSchema,
  customerStatusChangeSchema,
} from '@bankmanager/contracts';
import { documentedAs } from '../../lib/openapi-docs.ts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, assertPermission, requirePermission } from '../auth/index.ts';
import { requestApproval } from '../approvals/index.ts';
import { checkBranchExists } from './branches.ts';
import { createCustomer } from './create-customer.ts';
import { getCustomer } from './customer-row.ts';
import { businessDate } from './kyc.ts';
import { applyAction, assertActionAllowed } from './lifecycle.ts';
import { actorOf, approvalAnswer, custParam, customerErrors } from './route-support.ts';
import { parseOr400 } from './validation.ts';

/**
 * The create body is the contracts' per-kind schema for today's business date, so it is parsed in
 * the handler (a route schema is built once); the route schema documents its outline for OpenAPI.
 */
const createOutline = z.looseObject({
  type: z.enum(CUSTOMER_TYPES),
  branch: z.string(),
  confirmDuplicates: z.boolean().optional(),
});
/**
 * What OpenAPI shows as the create body: the per-kind records of the same contract schema,
 * discriminated on `type`. The date only feeds refinements (no date in the future), which JSON
 * Schema does not express, so any date gives the same document.
 */
const createBodyForDocs = z.intersection(
  customerCreateSchema('2000-01-01').meta({ discriminator: { propertyName: 'type' } }),
  z.object({ confirmDuplicates: createOutline.shape.confirmDuplicates }),
);
const created = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(CUSTOMER_STATUSES),
});

/** `POST /api/customers` and `POST /api/customers/:custId/status`. */
export const customerWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers',
    {
      preHandler: requirePermission('customers.create'),
      config: { swaggerTransform: documentedAs({ body: createBodyForDocs }) },
      schema: {
        tags: ['customers'],
        summary:
          'Creates a Pending customer of any kind; 409 duplicate_id, or possible_duplicate until confirmed',
        security,
        body: createOutline,
        response: { 201: created, ...customerErrors },
      },
    },
    async (req, reply) => {
      const { confirmDuplicates, ...record } = req.body;
      const c = parseOr400(customerCreateSchema(await businessDate(app.db)), record);
      assertBranch(req, c.branch);
      await checkBranchExists(app.db, c.branch);
      const result = await createCustomer(app.db, c, confirmDuplicates === true, actorOf(req));
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/customers/:custId/status',
    {
      preHandler: requirePermission('customers.read'),
      schema: {
        tags: ['customers'],
        summary:
          'A lifecycle action with its reason: applied (200) or, for four-eyes actions, requested (202); 409 when not allowed now',
        security,
        params: custParam,
        body: customerStatusChangeSchema,
        response: { 200: created, ...approvalAnswer },
      },
    },
    async (req, reply) => {
      const { action, reason } = req.body;
      const rule = CUSTOMER_ACTIONS[action];
      // A four-eyes action is requested by whoever keeps customers (customers.create) and decided by
      // a checker holding the rule's permission; the others need the rule's permission themselves.
      assertPermission(req, rule.fourEyes ? 'customers.create' : rule.permission);
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      await assertActionAllowed(app.db, c, action);
      const actor = actorOf(req);
      if (rule.fourEyes) {
        const approvalId = await app.db.transaction((tx) =>
          requestApproval(tx, {
            type: 'customer.status',
            subjectType: 'customer',
            subjectId: String(c.custId),
            command: { custId: c.custId, action, reason },
            before: { status: c.status },
            after: { status: rule.to },
            subjectVersion: String(c.version),
            branch: c.branch,
            maker: actor,
          }),
        );
        return reply.status(202).send({ approvalId });
      }
      await app.db.transaction(async (tx) => {
        const locked = await getCustomer(tx, c.custId, true);
        await assertActionAllowed(tx, locked, action);
        await applyAction(tx, locked, action, reason, actor);
      });
      return { id: c.custId, version: c.version + 1, status: rule.to };
    },
  );
};
