import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STAFF_ACTIONS,
  apiErrorSchema,
  staffActionResultSchema,
  staffListItemSchema,
  staffListQuerySchema,
} from '@bankmanager/contracts';
import { notFound } from '../../lib/http-error.ts';
import { acceptEmptyJsonBodies } from '../../lib/lenient-json.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { countStaff, getStaff, listStaff } from './admin-repository.ts';
import { runStaffAction } from './admin-actions.ts';
import { registerSuperuserGrantCommand, requestSuperuserGrant } from './superuser-grant.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};
const security = [{ bearer: [] }];
/** Rows per page when the client asks for none (the staff table shows ten). */
const STAFF_PAGE_SIZE = 10;
const idParam = z.object({ id: z.uuid() });

/** Staff administration: the list, one user, and the actions. Superusers only. */
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  registerSuperuserGrantCommand(app.approvals);

  app.get(
    '/staff',
    {
      preHandler: requirePermission('staff.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Staff users: searched, filtered, sorted and paged in the database (total in X-Total-Count)',
        security,
        querystring: staffListQuerySchema,
        response: { 200: z.array(staffListItemSchema), ...errors },
      },
    },
    async (req, reply) => {
      const p = req.query;
      const filters = {
        q: p.q || undefined,
        status: p.status,
        superuser: p.superuser === undefined ? undefined : p.superuser === 'true',
      };
      const [total, rows] = await Promise.all([
        countStaff(app.db, filters),
        listStaff(app.db, {
          ...filters,
          sort: p.sort ?? 'createdAt',
          order: p.order ?? (p.sort ? 'asc' : 'desc'),
          ...pageWindow(p, STAFF_PAGE_SIZE),
        }),
      ]);
      return sendPage(reply, { total, rows });
    },
  );

  app.get(
    '/staff/:id',
    {
      preHandler: requirePermission('staff.manage'),
      schema: {
        tags: ['admin'],
        summary: 'One staff user (the Review dialog)',
        security,
        params: idParam,
        response: { 200: staffListItemSchema, ...errors },
      },
    },
    async (req) => {
      const user = await getStaff(app.db, req.params.id);
      if (!user) throw notFound('No staff user with this id.');
      return user;
    },
  );

  app.post(
    '/staff/:id/:action',
    {
      preHandler: requirePermission('staff.manage'),
      schema: {
        tags: ['admin'],
        summary: 'A staff action, audited with before/after in the same transaction',
        description:
          '409 for guards: the last active superuser cannot be demoted, banned or rejected; nobody demotes, bans or rejects themselves; ' +
          'only pending accounts can be rejected; actions that change nothing (approve an approved user…) are refused. ' +
          'grant-superuser is four-eyes: 202 with `approvalId`; another superuser approves it.',
        security,
        params: idParam.extend({ action: z.enum(STAFF_ACTIONS) }),
        response: { 200: staffActionResultSchema, 202: staffActionResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const { id, action } = req.params;
      if (action === 'grant-superuser') {
        const actor = { id: u.userId, email: u.email, ip: requestIp(req) };
        const { approvalId, user } = await requestSuperuserGrant(app.db, actor, id.toLowerCase());
        return reply.status(202).send({ action, user, approvalId });
      }
      const user = await runStaffAction(
        app.db,
        { id: u.userId, email: u.email, ip: requestIp(req) },
        id.toLowerCase(),
        action,
      );
      return { action, user };
    },
  );
};
