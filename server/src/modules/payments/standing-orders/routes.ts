import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_REFUSAL_TEXT,
  STANDING_ORDER_TEXT,
  pageQuerySchema,
  standingOrderAmendSchema,
  standingOrderCancelSchema,
  standingOrderInputSchema,
  standingOrderListQuerySchema,
  standingOrderOptionsInputSchema,
  standingOrderOptionsSchema,
  standingOrderParamsSchema,
  standingOrderRunResultSchema,
  standingOrderRunSchema,
  standingOrderSchema,
} from '@bankmanager/contracts';
import { currentBusinessDate } from '../../../db/business-date.ts';
import type { Database } from '../../../db/client.ts';
import { HttpError, conflict, notFound } from '../../../lib/http-error.ts';
import { acceptEmptyJsonBodies } from '../../../lib/lenient-json.ts';
import { sendPage } from '../../../lib/paging.ts';
import { apiErrors, bearerSecurity } from '../../../lib/route-schemas.ts';
import { assertBranch, callerHolds, currentUser, requirePermission } from '../../auth/index.ts';
import { overMakerLimit } from '../../approvals/index.ts';
import { limitsOf } from '../../roles/index.ts';
import { actorOf, auditChange, mustFindAccount, refuse, type PayAccount } from '../accounts.ts';
import { readOptions, writeOptions } from './options.ts';
import {
  amendOrder,
  cancelOrder,
  getOrder,
  insertOrder,
  listOrders,
  listRuns,
  lockOrder,
  orderIdByReference,
} from './orders.ts';
import { runDueStandingOrders } from './run.ts';

const manage = requirePermission('standing_orders.manage');
const run = requirePermission('standing_orders.run');
const common = { tags: ['payments'], security: bearerSecurity };
const POSTABLE = new Set(['Active', 'Dormant', 'Blocked']);

const badField = (path: string, message: string) => new HttpError(400, message, [{ path, message }]);

/**
 * Standing orders (docs/payments.md): register, amend, cancel, list, each run's outcome, the run rules
 * and "Run due now". Registering or amending needs the amount within the maker's transfer limit (a
 * standing order is a transfer made later, without its maker); scope is the paying account's branch.
 */
export const standingOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  // Submit and run take no input: an empty JSON body (as the SPA sends) is no body.
  acceptEmptyJsonBodies(app);
  const audit = (db: Database, req: FastifyRequest, action: string, id: number | string, details: object) =>
    auditChange(db, req, { type: 'standing_order', id }, action, details);

  async function assertWithinLimit(req: FastifyRequest, currency: string, amount: string) {
    const u = currentUser(req);
    // A standing order is a transfer made later, without its maker: held to the transfer policy's limit.
    if (overMakerLimit('transfer', await limitsOf(app.db, u.userId), currency, amount))
      throw refuse('over_limit');
  }

  async function scopedOrder(req: FastifyRequest, id: number) {
    const o = await getOrder(app.db, id);
    if (!o) throw notFound(`Standing order ${id} does not exist`);
    assertBranch(req, o.branch);
    return o;
  }

  const notPostable = (a: PayAccount) => !POSTABLE.has(a.status);

  app.post(
    '/standing-orders',
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: 'Registers a standing order; 201, or 200 with the first order when the reference was used',
        body: standingOrderInputSchema,
        response: { 200: standingOrderSchema, 201: standingOrderSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const again = await orderIdByReference(app.db, b.reference);
      if (again !== null) return reply.status(200).send(await scopedOrder(req, again));
      const from = await mustFindAccount(app.db, b.from_account);
      const to = await mustFindAccount(app.db, b.to_account);
      assertBranch(req, from.branch);
      if (notPostable(from) || notPostable(to))
        throw conflict(ACCOUNT_REFUSAL_TEXT.account_not_active, { code: 'account_not_active' });
      if (b.start_date < (await currentBusinessDate(app.db)))
        throw badField('/start_date', STANDING_ORDER_TEXT.startInPast);
      await assertWithinLimit(req, from.currency, b.amount);
      const u = currentUser(req);
      const id = await app.db.transaction(async (tx) => {
        const id = await insertOrder(tx, b, from, to, { id: u.userId, email: u.email });
        await audit(tx, req, 'payments.standing_order_create', id, { ...b });
        return id;
      });
      return reply.status(201).send((await getOrder(app.db, id))!);
    },
  );

  app.get(
    '/standing-orders',
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: 'Standing orders, newest first, paged; `q` an account number (either side)',
        querystring: standingOrderListQuerySchema,
        response: { 200: z.array(standingOrderSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = callerHolds(req, 'branches.all') ? null : (currentUser(req).homeBranch ?? '');
      return sendPage(reply, await listOrders(app.db, req.query, branch));
    },
  );

  app.get(
    '/standing-orders/options',
    {
      preHandler: run,
      schema: {
        ...common,
        summary: 'The run rules',
        response: { 200: standingOrderOptionsSchema, ...apiErrors },
      },
    },
    async () => readOptions(app.db),
  );

  app.put(
    '/standing-orders/options',
    {
      preHandler: run,
      schema: {
        ...common,
        summary:
          'Changes the run rules (retry days, failure fees); `version` as read, else 409 stale_version',
        body: standingOrderOptionsInputSchema,
        response: { 200: standingOrderOptionsSchema, ...apiErrors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      await app.db.transaction(async (tx) => {
        const before = await readOptions(tx, true);
        if (before.version !== req.body.version) throw refuse('stale_version');
        await writeOptions(tx, req.body, u.email);
        await audit(tx, req, 'payments.standing_order_options', 'options', { before, after: req.body });
      });
      return readOptions(app.db);
    },
  );

  app.post(
    '/standing-orders/run',
    {
      preHandler: run,
      schema: {
        ...common,
        summary:
          'Runs every standing order due on or before the business date (in the caller’s branch scope)',
        description: 'Each due date posts at most once, so running again posts nothing new.',
        response: { 200: standingOrderRunResultSchema, ...apiErrors },
      },
    },
    async (req) => {
      const businessDate = await currentBusinessDate(app.db);
      const branch = callerHolds(req, 'branches.all') ? null : (currentUser(req).homeBranch ?? '');
      const result = await runDueStandingOrders(app.db, businessDate, actorOf(req), { branch });
      await audit(app.db, req, 'payments.standing_orders_run', businessDate, { businessDate, ...result });
      return { business_date: businessDate, ...result };
    },
  );

  app.get(
    '/standing-orders/:id',
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: 'One standing order',
        params: standingOrderParamsSchema,
        response: { 200: standingOrderSchema, ...apiErrors },
      },
    },
    async (req) => scopedOrder(req, req.params.id),
  );

  app.get(
    '/standing-orders/:id/runs',
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: 'An order’s runs, newest due date first, paged',
        params: standingOrderParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(standingOrderRunSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      await scopedOrder(req, req.params.id);
      return sendPage(reply, await listRuns(app.db, req.params.id, req.query));
    },
  );

  app.put(
    '/standing-orders/:id',
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: 'Amends an active order; `version` as read, else 409 stale_version',
        params: standingOrderParamsSchema,
        body: standingOrderAmendSchema,
        response: { 200: standingOrderSchema, ...apiErrors },
      },
    },
    async (req) => {
      const id = req.params.id;
      const a = req.body;
      const before = await scopedOrder(req, id);
      const today = await currentBusinessDate(app.db);
      if (a.next_date < today || (a.end_date !== null && a.next_date > a.end_date))
        throw badField('/next_date', STANDING_ORDER_TEXT.nextOutside);
      if (a.end_date !== null && a.end_date < before.start_date)
        throw badField('/end_date', STANDING_ORDER_TEXT.endBeforeStart);
      await assertWithinLimit(req, before.currency, a.amount);
      await app.db.transaction(async (tx) => {
        const locked = await lockOrder(tx, id);
        if (!locked || locked.status !== 'active') throw refuse('order_not_active');
        if (locked.version !== a.version) throw refuse('stale_version');
        await amendOrder(tx, id, a);
        await audit(tx, req, 'payments.standing_order_amend', id, { before, after: a });
      });
      return (await getOrder(app.db, id))!;
    },
  );

  app.post(
    '/standing-orders/:id/cancel',
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: 'Cancels an active order, with a reason',
        params: standingOrderParamsSchema,
        body: standingOrderCancelSchema,
        response: { 200: standingOrderSchema, ...apiErrors },
      },
    },
    async (req) => {
      const id = req.params.id;
      await scopedOrder(req, id);
      await app.db.transaction(async (tx) => {
        const locked = await lockOrder(tx, id);
        if (!locked || locked.status !== 'active') throw refuse('order_not_active');
        if (locked.version !== req.body.version) throw refuse('stale_version');
        await cancelOrder(tx, id, req.body.reason);
        await audit(tx, req, 'payments.standing_order_cancel', id, { reason: req.body.reason });
      });
      return (await getOrder(app.db, id))!;
    },
  );
};
