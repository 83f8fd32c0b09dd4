import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { holdCreateSchema, holdSchema } from '@bankmanager/contracts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requirePermission } from '../auth/index.ts';
import { actorOf } from './audit.ts';
import { placeHold, releaseHold } from './holds.ts';
import { errors, holdParam, numberParam, scopeOf } from './route-support.ts';

/** `POST /api/accounts/:number/holds` and `DELETE /api/accounts/:number/holds/:id`. */
export const accountHoldRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/accounts/:number/holds',
    {
      preHandler: requirePermission('accounts.block'),
      schema: {
        tags: ['accounts'],
        summary:
          'Places a hold (201); 409 hold_exceeds_available when it is larger than the available balance',
        security,
        params: numberParam,
        body: holdCreateSchema,
        response: { 201: holdSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await placeHold(app.db, req.params.number, req.body, actorOf(req), scopeOf(req))),
  );

  app.delete(
    '/accounts/:number/holds/:id',
    {
      preHandler: requirePermission('accounts.block'),
      schema: {
        tags: ['accounts'],
        summary: 'Releases a hold (who and when are kept); 409 hold_not_active when released or expired',
        security,
        params: holdParam,
        response: { 200: holdSchema, ...errors },
      },
    },
    async (req) => releaseHold(app.db, req.params.number, req.params.id, actorOf(req), scopeOf(req)),
  );
};
