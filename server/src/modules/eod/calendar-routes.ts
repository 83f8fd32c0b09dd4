import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  holidayCreateSchema,
  holidayListQuerySchema,
  holidayListSchema,
  holidaySchema,
  periodActionSchema,
  periodListSchema,
  periodParamSchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { dayFacts } from './calendar.ts';
import { addHoliday, holidaysOf, removeHoliday } from './holidays.ts';
import { changePeriod, periodsOf } from './periods.ts';

const who = (req: Parameters<typeof requestIp>[0]) => {
  const u = currentUser(req);
  return { id: u.userId, email: u.email, ip: requestIp(req) };
};

/** System → Messages → Special Dates and Accounting Periods (`eod.run`, the System area's permission). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requirePermission('eod.run');
  app.get(
    '/calendar/holidays',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary: "A year's holidays (fixed ones on that year's dates) and the next business date",
        security,
        querystring: holidayListQuerySchema,
        response: { 200: holidayListSchema, ...apiErrors },
      },
    },
    async (req) => {
      const facts = await dayFacts(app.db);
      const year = req.query.year ?? Number(facts.businessDate.slice(0, 4));
      return {
        year,
        businessDate: facts.businessDate,
        nextBusinessDate: facts.nextBusinessDate,
        holidays: await holidaysOf(app.db, year),
      };
    },
  );
  app.post(
    '/calendar/holidays',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary: 'Adds a movable holiday (Eid, Easter, Mawlid, a declared day off) for one date',
        security,
        body: holidayCreateSchema,
        response: { 201: holidaySchema, ...apiErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await addHoliday(app.db, req.body, who(req))),
  );
  app.delete(
    '/calendar/holidays/:id',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary: 'Removes a movable holiday that has not come yet',
        security,
        params: z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a holiday id') }),
        response: { 204: z.null(), ...apiErrors },
      },
    },
    async (req, reply) => {
      await removeHoliday(app.db, req.params.id, who(req));
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/calendar/periods',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary: 'The accounting periods of a year (the year and its months), open or closed',
        security,
        querystring: holidayListQuerySchema,
        response: { 200: periodListSchema, ...apiErrors },
      },
    },
    async (req) => {
      const facts = await dayFacts(app.db);
      const year = req.query.year ?? Number(facts.businessDate.slice(0, 4));
      return { year, businessDate: facts.businessDate, periods: await periodsOf(app.db, year) };
    },
  );
  app.post(
    '/calendar/periods/:period/:action',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary: 'Closes or reopens a month or a year; a closed period takes no posting',
        security,
        params: periodParamSchema,
        body: periodActionSchema,
        response: { 200: periodListSchema, ...apiErrors },
      },
    },
    async (req) => {
      await changePeriod(app.db, req.params.period, req.params.action, who(req), req.body.reason);
      const year = Number(req.params.period.slice(0, 4));
      const facts = await dayFacts(app.db);
      return { year, businessDate: facts.businessDate, periods: await periodsOf(app.db, year) };
    },
  );
};
