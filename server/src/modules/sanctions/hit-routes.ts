import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sanctionsHitDecisionSchema,
  sanctionsHitParamSchema,
  sanctionsHitQuerySchema,
  sanctionsHitSchema,
} from '@bankmanager/contracts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, listBranch, requirePermission } from '../auth/index.ts';
import { decideHit, getHit, listHits } from './hits.ts';

export const SANCTIONS_HITS_PAGE_SIZE = 25;

/**
 * `/api/sanctions/hits`: the queue of potential matches with their evidence. Only `aml.screening`
 * holders reach it; tellers and relationship officers get 403 and nothing else names a hit.
 */
export const sanctionsHitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sanctions/hits',
    {
      preHandler: requirePermission('aml.screening'),
      schema: {
        tags: ['sanctions'],
        summary: 'Sanctions hits: customer, list entry, matched fields and score; paged, searched, sorted',
        security,
        querystring: sanctionsHitQuerySchema,
        response: { 200: z.array(sanctionsHitSchema), ...apiErrors },
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listHits(
          app.db,
          req.query,
          pageWindow(req.query, SANCTIONS_HITS_PAGE_SIZE),
          // A holder without branches.all sees the hits of their home branch's customers only.
          listBranch(req, undefined),
        ),
      ),
  );

  app.get(
    '/sanctions/hits/:id',
    {
      preHandler: requirePermission('aml.screening'),
      schema: {
        tags: ['sanctions'],
        summary: 'One sanctions hit with its evidence side by side',
        security,
        params: sanctionsHitParamSchema,
        response: { 200: sanctionsHitSchema, ...apiErrors },
      },
    },
    async (req) => {
      const hit = await getHit(app.db, req.params.id);
      assertBranch(req, hit.customer.branch);
      return hit;
    },
  );

  app.post(
    '/sanctions/hits/:id/decision',
    {
      preHandler: requirePermission('aml.screening'),
      schema: {
        tags: ['sanctions'],
        summary: 'Clears (a false positive) or confirms an open hit, with the reason',
        security,
        params: sanctionsHitParamSchema,
        body: sanctionsHitDecisionSchema,
        response: { 200: sanctionsHitSchema, ...apiErrors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      assertBranch(req, (await getHit(app.db, req.params.id)).customer.branch);
      return app.db.transaction((tx) =>
        decideHit(tx, req.params.id, req.body, { id: u.userId, email: u.email, ip: requestIp(req) }),
      );
    },
  );
};
