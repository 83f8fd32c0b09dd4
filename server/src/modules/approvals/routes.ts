import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  approvalListItemSchema,
  approvalListQuerySchema,
  approvalRejectSchema,
  approvalSchema,
  holds,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { acceptEmptyJsonBodies } from '../../lib/lenient-json.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, requireActivatedStaff, requirePermission } from '../auth/index.ts';
import { decide, type Checker } from './decide.ts';
import { expireOverdue } from './expiry.ts';
import { listApprovals, toApproval } from './list.ts';

const idParam = z.object({ id: z.uuid() });
const APPROVALS_PAGE_SIZE = 25;

const checkerOf = (req: FastifyRequest): Checker => {
  const u = currentUser(req);
  return {
    id: u.userId,
    email: u.email,
    ip: requestIp(req),
    isSuperuser: u.isSuperuser,
    permissions: u.permissions,
    homeBranch: u.homeBranch,
    coolingOffDays: req.server.config.promoterCoolingOffDays,
  };
};

/** The four-eyes inbox and its decisions (ADR 0015). */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);

  app.get(
    '/approvals',
    {
      preHandler: requireActivatedStaff,
      schema: {
        tags: ['approvals'],
        summary:
          'Approval requests: the inbox (scope=decide, oldest first), the caller’s own, or all (audit.read)',
        security,
        querystring: approvalListQuerySchema,
        response: { 200: z.array(approvalListItemSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      // Asking for another branch's requests without branches.all is refused, as in every branch list.
      if (req.query.branch !== undefined) assertBranch(req, req.query.branch);
      await expireOverdue(app.db);
      const who = { ...checkerOf(req), mayReadAll: holds(currentUser(req), 'audit.read') };
      const page = await listApprovals(
        app.db,
        app.approvals,
        who,
        req.query,
        pageWindow(req.query, APPROVALS_PAGE_SIZE),
      );
      return sendPage(reply, page);
    },
  );

  const decision = (path: 'approve' | 'withdraw') =>
    app.post(
      `/approvals/:id/${path}`,
      {
        preHandler: path === 'approve' ? requirePermission('approvals.decide') : requireActivatedStaff,
        schema: {
          tags: ['approvals'],
          summary:
            path === 'approve'
              ? 'Approves a request and runs its command atomically; 409 for the maker, a decided request or a changed subject'
              : 'The maker withdraws their pending request',
          security,
          params: idParam,
          response: { 200: approvalSchema, ...apiErrors },
        },
      },
      async (req) =>
        toApproval(await decide(app.db, app.approvals, req.params.id, path, checkerOf(req), null)),
    );
  decision('approve');
  decision('withdraw');

  app.post(
    '/approvals/:id/reject',
    {
      preHandler: requirePermission('approvals.decide'),
      schema: {
        tags: ['approvals'],
        summary: 'Rejects a request with a reason',
        security,
        params: idParam,
        body: approvalRejectSchema,
        response: { 200: approvalSchema, ...apiErrors },
      },
    },
    async (req) =>
      toApproval(
        await decide(app.db, app.approvals, req.params.id, 'reject', checkerOf(req), req.body.reason),
      ),
  );
};
