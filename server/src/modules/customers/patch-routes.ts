import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUSTOMER_TEXT,
  approvalCreatedSchema,
  customer360Schema,
  customerChangesSchema,
  customerPatchSchema,
  isoDateSchema,
} from '@bankmanager/contracts';
import { conflict } from '../../lib/http-error.ts';
import { documentedAs } from '../../lib/openapi-docs.ts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';
import { requestApproval } from '../approvals/index.ts';
import { getCustomer } from './customer-row.ts';
import { applyEdd, applyRecord, checkEditDuplicates, mergedRecord, splitChanges } from './edit.ts';
import { businessDate } from './kyc.ts';
import { actorOf, custParam, customer360ForDocs, customerErrors } from './route-support.ts';
import { customer360 } from './view.ts';
import { fieldError } from './validation.ts';

/** Due-diligence fields live beside the record (columns), not in it. */
const eddSchema = z.object({
  eddNotes: z.string().trim().min(1).max(2000).optional(),
  reviewOn: isoDateSchema.optional(),
});

/**
 * The handler takes `changes` as any keys and names an unknown one in its 400; OpenAPI shows the
 * fields it accepts: the record's of the customer's kind, plus the due-diligence pair.
 */
const patchForDocs = customerPatchSchema.extend({
  changes: z.intersection(customerChangesSchema, eddSchema),
});

/**
 * `PATCH /api/customers/:custId`: other fields apply at once (200, the new 360); KYC fields
 * (contracts' KYC_FIELDS) go to a checker (202 with the approval id), after the rest is saved.
 */
export const customerPatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/customers/:custId',
    {
      preHandler: requirePermission('customers.create'),
      config: {
        swaggerTransform: documentedAs({ body: patchForDocs, response: { 200: customer360ForDocs } }),
      },
      schema: {
        tags: ['customers'],
        summary: 'Edits a customer (optimistic `version`); KYC fields are four-eyes (202)',
        security,
        params: custParam,
        body: customerPatchSchema,
        response: { 200: customer360Schema, 202: approvalCreatedSchema, ...customerErrors },
      },
    },
    async (req, reply) => {
      const { version, confirmDuplicates } = req.body;
      const { eddNotes, reviewOn, ...changes } = req.body.changes;
      const edd = eddSchema.safeParse({ eddNotes, reviewOn });
      if (!edd.success)
        throw fieldError(`/changes/${String(edd.error.issues[0]!.path[0])}`, edd.error.issues[0]!.message);
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      if (c.version !== version) throw conflict(CUSTOMER_TEXT.versionConflict, { code: 'version_conflict' });
      const today = await businessDate(app.db);
      const { kyc, other } = splitChanges(c, changes);
      const full = mergedRecord(c, changes, [...kyc, ...other], today);
      await checkEditDuplicates(app.db, c, full, confirmDuplicates === true);
      const actor = actorOf(req);
      const approvalId = await app.db.transaction(async (tx) => {
        const locked = await getCustomer(tx, c.custId, true);
        if (locked.version !== version)
          throw conflict(CUSTOMER_TEXT.versionConflict, { code: 'version_conflict' });
        let current = locked;
        if (other.length > 0) {
          await applyRecord(tx, locked, mergedRecord(locked, changes, other, today), other, actor);
          current = await getCustomer(tx, c.custId);
        }
        if (edd.data.eddNotes !== undefined || edd.data.reviewOn !== undefined)
          await applyEdd(tx, c.custId, edd.data, actor);
        if (kyc.length === 0) return undefined;
        current = await getCustomer(tx, c.custId);
        return requestApproval(tx, {
          type: 'customer.kyc_edit',
          subjectType: 'customer',
          subjectId: String(c.custId),
          command: { custId: c.custId, changes: Object.fromEntries(kyc.map((k) => [k, changes[k]])) },
          before: Object.fromEntries(kyc.map((k) => [k, current.profile[k] ?? null])),
          after: Object.fromEntries(kyc.map((k) => [k, changes[k]])),
          subjectVersion: String(current.version),
          branch: c.branch,
          maker: actor,
        });
      });
      if (approvalId) return reply.status(202).send({ approvalId });
      return customer360(app.db, await getCustomer(app.db, c.custId), today);
    },
  );
};
