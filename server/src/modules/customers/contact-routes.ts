import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactLogEntrySchema,
  contactLogQuerySchema,
  contactLogRowSchema,
  preferredChannelBodySchema,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { auditCustomer } from './audit.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';
import { getCustomer } from './customer-row.ts';
import { actorOf, custParam, customerErrors } from './route-support.ts';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const channelAnswer = z.object({ preferredChannel: preferredChannelBodySchema.shape.channel });

/** The contact log (calls, visits, letters: who, when, what) and the preferred channel. */
export const customerContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/:custId/contacts',
    {
      preHandler: requirePermission('customers.read'),
      schema: {
        tags: ['customers'],
        summary: 'The contact log, newest first (paged; X-Total-Count)',
        security,
        params: custParam,
        querystring: contactLogQuerySchema,
        response: { 200: z.array(contactLogRowSchema), ...customerErrors },
      },
    },
    async (req, reply) => {
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      const w = pageWindow(req.query, 25);
      const [count] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from customer_contacts where cust_id = ${c.custId}`,
      );
      const rows = await queryRows<z.infer<typeof contactLogRowSchema>>(
        app.db,
        sql`select id::int, channel, summary, ${iso('at')} as at, logged_by as "loggedBy", ${iso('logged_at')} as "loggedAt"
            from customer_contacts where cust_id = ${c.custId} order by at desc, id desc limit ${w.limit} offset ${w.offset}`,
      );
      return sendPage(reply, { total: Number(count!.n), rows });
    },
  );

  app.post(
    '/customers/:custId/contacts',
    {
      preHandler: requirePermission('customers.create'),
      schema: {
        tags: ['customers'],
        summary: 'Logs a contact (the server records who logged it)',
        security,
        params: custParam,
        body: contactLogEntrySchema,
        response: { 201: contactLogRowSchema, ...customerErrors },
      },
    },
    async (req, reply) => {
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      const actor = actorOf(req);
      const row = await app.db.transaction(async (tx) => {
        const [r] = await queryRows<z.infer<typeof contactLogRowSchema>>(
          tx,
          sql`insert into customer_contacts (cust_id, channel, summary, at, logged_by)
              values (${c.custId}, ${req.body.channel}, ${req.body.summary}, ${req.body.at}::timestamptz, ${actor.email})
              returning id::int, channel, summary, ${iso('at')} as at, logged_by as "loggedBy", ${iso('logged_at')} as "loggedAt"`,
        );
        await auditCustomer(tx, actor, 'customer.contact', c.custId, {
          channel: req.body.channel,
          contactId: r!.id,
        });
        return r!;
      });
      return reply.status(201).send(row);
    },
  );

  app.put(
    '/customers/:custId/preferred-channel',
    {
      preHandler: requirePermission('customers.create'),
      schema: {
        tags: ['customers'],
        summary: 'Sets how the customer prefers to be contacted',
        security,
        params: custParam,
        body: preferredChannelBodySchema,
        response: { 200: channelAnswer, ...customerErrors },
      },
    },
    async (req) => {
      const c = await getCustomer(app.db, req.params.custId);
      assertBranch(req, c.branch);
      const actor = actorOf(req);
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`update customers set preferred_channel = ${req.body.channel}, updated_at = now()
          where cust_id = ${c.custId}`);
        await auditCustomer(tx, actor, 'customer.preferred_channel', c.custId, {
          from: c.preferredChannel,
          to: req.body.channel,
        });
      });
      return { preferredChannel: req.body.channel };
    },
  );
};
