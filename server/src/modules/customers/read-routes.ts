import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customer360Schema, customerListQuerySchema, customerListRowSchema } from '@bankmanager/contracts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { documentedAs } from '../../lib/openapi-docs.ts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, listBranch, requirePermission } from '../auth/index.ts';
import { getCustomer } from './customer-row.ts';
import { businessDate } from './kyc.ts';
import { listCustomers } from './list.ts';
import { custParam, customer360ForDocs, customerErrors } from './route-support.ts';
import { customer360 } from './view.ts';

export const CUSTOMERS_PAGE_SIZE = 25;

/** `GET /api/customers` (the lists of every kind) and `GET /api/customers/:custId/360`. */
export const customerReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      preHandler: requirePermission('customers.read'),
      schema: {
        tags: ['customers'],
        summary:
          'Customers: search (name, id, NIN or registration number, mobile), filters, sort; X-Total-Count',
        security,
        querystring: customerListQuerySchema,
        response: { 200: z.array(customerListRowSchema), ...customerErrors },
      },
    },
    async (req, reply) => {
      const branch = listBranch(req, req.query.branch);
      const page = await listCustomers(app.db, req.query, branch, pageWindow(req.query, CUSTOMERS_PAGE_SIZE));
      return sendPage(reply, page);
    },
  );

  app.get(
    '/customers/:custId/360',
    {
      preHandler: requirePermission('customers.read'),
      config: { swaggerTransform: documentedAs({ response: { 200: customer360ForDocs } }) },
      schema: {
        tags: ['customers'],
        summary: 'The customer 360 view: details, related, accounts, documents, approvals, KYC gaps, risk',
        security,
        params: custParam,
        response: { 200: customer360Schema, ...customerErrors },
      },
    },
    async (req) => {
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      return customer360(app.db, c, await businessDate(app.db));
    },
  );
};
