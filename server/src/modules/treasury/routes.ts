import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FX_TEXT,
  exchangeRateInputSchema,
  exchangeRateListQuerySchema,
  exchangeRateParamsSchema,
  exchangeRateSchema,
} from '@bankmanager/contracts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { conflict } from '../../lib/http-error.ts';
import { sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity } from '../../lib/route-schemas.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser, requireActivatedStaff, requirePermission } from '../auth/index.ts';
import { listRates, setRate } from './rates.ts';

/**
 * The day's exchange rates (ADR 0023). Any activated member of staff may read them (a transfer's
 * preview shows them); entering needs `treasury.rates`. A closed business date keeps its rates.
 */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fx-rates',
    {
      preHandler: requireActivatedStaff,
      schema: {
        tags: ['treasury'],
        summary: 'Exchange rates per currency and business date, newest first, paged',
        security: bearerSecurity,
        querystring: exchangeRateListQuerySchema,
        response: { 200: z.array(exchangeRateSchema), ...apiErrors },
      },
    },
    async (req, reply) => sendPage(reply, await listRates(app.db, req.query)),
  );

  app.put(
    '/fx-rates/:currency/:date',
    {
      preHandler: requirePermission('treasury.rates'),
      schema: {
        tags: ['treasury'],
        summary: 'Enters or corrects the buy, sell and mid rate of a currency for a business date',
        description:
          'Leones per 1 unit; buy ≤ mid ≤ sell (else 400 on mid). A date before the current business date is 409 closed_date: ' +
          'transfers already posted at a past rate keep it on their entry.',
        security: bearerSecurity,
        params: exchangeRateParamsSchema,
        body: exchangeRateInputSchema,
        response: { 200: exchangeRateSchema, ...apiErrors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const { currency, date } = req.params;
      return app.db.transaction(async (tx) => {
        if (date < (await currentBusinessDate(tx))) throw conflict(FX_TEXT.pastDate, { code: 'closed_date' });
        const { before, after } = await setRate(tx, currency, date, req.body, {
          id: u.userId,
          email: u.email,
        });
        await writeAudit(tx, {
          action: 'treasury.fx_rate',
          outcome: 'success',
          actorId: u.userId,
          actorEmail: u.email,
          ip: requestIp(req),
          targetType: 'fx_rate',
          targetId: `${currency}:${date}`,
          details: { before, after: req.body },
        });
        return after;
      });
    },
  );
};
