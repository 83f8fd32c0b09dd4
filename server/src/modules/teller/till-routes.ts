import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  tillBranchQuerySchema,
  tillCreateSchema,
  tillQuerySchema,
  tillSchema,
  tillTellerSchema,
  tillUpdateSchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';
import { tellerOf } from './caller.ts';
import { scopedBranch } from './scope.ts';
import { branchTellers, createTill, listTills, tillById, updateTill, usableTills } from './tills.ts';

const idParam = z.object({ id: z.uuid() });
const NO_TILL = 'No till with this id.';

/**
 * The till register (Transaction → Teller → Teller Administration): the head teller's list, new tills
 * and changes (teller.vault, within their branches, audited), and the teller's own choice of tills.
 */
export const tillRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/teller/tills',
    {
      preHandler: requirePermission('teller.vault'),
      schema: {
        tags: ['teller'],
        summary: 'The branch’s till register by code, paged; q searches code and name',
        security,
        querystring: tillQuerySchema,
        response: { 200: z.array(tillSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = scopedBranch(req, req.query.branch);
      const active = req.query.active === undefined ? undefined : req.query.active === 'true';
      const page = await listTills(app.db, { branch, q: req.query.q, active }, pageWindow(req.query, 25));
      return sendPage(reply, page);
    },
  );

  app.get(
    '/teller/tills/mine',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary: 'The active tills of a branch (default: the caller’s own) the caller may open',
        security,
        querystring: tillBranchQuerySchema,
        response: { 200: z.array(tillSchema), ...apiErrors },
      },
    },
    async (req) => {
      const teller = tellerOf(req);
      const branch = req.query.branch ?? teller.homeBranch;
      if (!branch) return [];
      assertBranch(req, branch);
      return usableTills(app.db, branch, teller.id);
    },
  );

  app.get(
    '/teller/tills/tellers',
    {
      preHandler: requirePermission('teller.vault'),
      schema: {
        tags: ['teller'],
        summary: 'The tellers of a branch a till may be assigned to',
        security,
        querystring: tillBranchQuerySchema,
        response: { 200: z.array(tillTellerSchema), ...apiErrors },
      },
    },
    async (req) => {
      const branch = scopedBranch(req, req.query.branch);
      return branch === undefined ? [] : branchTellers(app.db, branch);
    },
  );

  app.post(
    '/teller/tills',
    {
      preHandler: requirePermission('teller.vault'),
      schema: {
        tags: ['teller'],
        summary: 'Registers a till in a branch (code, name, assigned teller)',
        security,
        body: tillCreateSchema,
        response: { 201: tillSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const by = tellerOf(req);
      const branch = req.body.branch ?? by.homeBranch;
      if (!branch)
        throw badRequest('Choose the branch of the till', [{ path: '/branch', message: 'Choose a branch' }]);
      assertBranch(req, branch);
      const id = await createTill(app.db, by, branch, req.body);
      return reply.status(201).send((await tillById(app.db, id))!);
    },
  );

  app.put(
    '/teller/tills/:id',
    {
      preHandler: requirePermission('teller.vault'),
      schema: {
        tags: ['teller'],
        summary: 'Changes a till’s name, assigned teller, or takes it out of (or back into) use',
        security,
        params: idParam,
        body: tillUpdateSchema,
        response: { 200: tillSchema, ...apiErrors },
      },
    },
    async (req) => {
      const before = await tillById(app.db, req.params.id);
      if (!before) throw notFound(NO_TILL);
      assertBranch(req, before.branch);
      await updateTill(app.db, tellerOf(req), before, req.body);
      return (await tillById(app.db, req.params.id))!;
    },
  );
};
