import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerLookupSchema,
  padCustomerId,
  REGISTERED_USERS_PAGE_SIZE,
  registeredUserSchema,
  registeredUsersQuerySchema,
  type RegisteredUser,
  subscriptionUpdateSchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity } from '../../lib/route-schemas.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, listBranch, requirePermission } from '../auth/index.ts';
import {
  countRegisteredUsers,
  findCustomer,
  listRegisteredUsers,
  pageRegisteredUsers,
} from './repository.ts';
import { saveSubscription } from './save-subscription.ts';

const errors = apiErrors;
const security = bearerSecurity;
const custIdParam = z.object({ custId: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Registered Mobile Banking Users (docs/product.md §2, §3, §7): list, customer lookup, subscription save. */
export const mobileBankingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registered-users',
    {
      preHandler: requirePermission('mobile_banking.read'),
      schema: {
        tags: ['mobile-banking'],
        summary: 'Registered users: searched, sorted and paged in the database (total in X-Total-Count)',
        description:
          'Without parameters the whole list is returned (docs/product.md §7), refused with 400 above a configured size.',
        security,
        querystring: registeredUsersQuerySchema,
        response: { 200: z.array(registeredUserSchema), ...errors },
      },
    },
    async (req, reply) => {
      const p = req.query;
      const q = p.q || undefined;
      const paged = p.page !== undefined || p.pageSize !== undefined;
      // Branch scope (ADR 0015), as the customers list: staff without `branches.all` see their branch.
      const branch = listBranch(req, p.branch);
      const params = { q, branch, sort: p.sort ?? 'id', order: p.order ?? 'asc' } as const;
      let total: number;
      let rows: RegisteredUser[];
      if (paged) {
        ({ total, rows } = await pageRegisteredUsers(app.db, {
          ...params,
          ...pageWindow(p, REGISTERED_USERS_PAGE_SIZE),
        }));
      } else {
        total = await countRegisteredUsers(app.db, q, branch);
        if (total > app.config.registeredUsersMaxUnpaged) {
          throw badRequest(
            `There are ${total} registered users; ask for a page (page and pageSize, at most 100) instead of the whole list.`,
            { total, limit: app.config.registeredUsersMaxUnpaged },
          );
        }
        rows = await listRegisteredUsers(app.db, {
          ...params,
          offset: 0,
          limit: app.config.registeredUsersMaxUnpaged,
        });
      }
      return sendPage(reply, { total, rows });
    },
  );

  app.get(
    '/customers/:custId',
    {
      preHandler: requirePermission('mobile_banking.read'),
      schema: {
        tags: ['mobile-banking'],
        summary: 'Customer lookup for add mode',
        security,
        params: custIdParam,
        response: { 200: customerLookupSchema, ...errors },
      },
    },
    async (req) => {
      const found = await findCustomer(app.db, req.params.custId);
      if (!found) throw notFound(`Customer ${padCustomerId(req.params.custId)} was not found.`);
      return found;
    },
  );

  app.put(
    '/registered-users/:custId/subscription',
    {
      preHandler: requirePermission('mobile_banking.manage'),
      schema: {
        tags: ['mobile-banking'],
        summary: 'Creates or updates a mobile banking subscription (optimistic concurrency on version)',
        security,
        params: custIdParam,
        body: subscriptionUpdateSchema,
        response: { 200: registeredUserSchema, ...errors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      return saveSubscription(
        app.db,
        {
          custId: req.params.custId,
          mobileNo: req.body.mobile_no, // normalized by the schema
          payAcct: req.body.pay_acct,
          mbSub: req.body.mb_sub,
          version: req.body.version,
        },
        { id: u.userId, email: u.email, ip: requestIp(req) },
      );
    },
  );
};
