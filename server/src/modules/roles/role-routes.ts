import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLE_TEXT,
  approvalCreatedSchema,
  mePermissionsSchema,
  roleInputSchema,
  roleSchema,
  roleUpdateSchema,
  segregationQuerySchema,
  segregationRowSchema,
  staffRolesInputSchema,
} from '@bankmanager/contracts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, requirePermission, requireSignedIn } from '../auth/index.ts';
import { limitsOf } from './limits.ts';
import { requestApproval } from '../approvals/index.ts';
import { getRole, listRoles, roleNamed, staffAccess, staffAccessVersion } from './role-repository.ts';
import {
  assertHoldersSegregated,
  assertRoleSegregated,
  assertStaffSegregated,
  segregationReport,
} from './segregation.ts';

const idParam = z.object({ id: z.uuid() });
const created = { 202: approvalCreatedSchema, ...apiErrors };

/** `/api/me/permissions` and `/api/roles`: what the caller holds, and the roles (changes are four-eyes). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/permissions',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['roles'],
        summary: 'The caller’s permissions, roles, home branch and limits (from the database)',
        security,
        response: { 200: mePermissionsSchema, ...apiErrors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const active = u.isActivated || u.isSuperuser;
      const access = active ? await staffAccess(app.db, u.userId) : undefined;
      const held = access ? await listRoles(app.db, access.roleIds) : [];
      return {
        permissions: [...u.permissions].sort(),
        roles: held.filter((r) => !r.retired).map((r) => ({ id: r.id, key: r.key, name: r.name })),
        homeBranch: u.homeBranch,
        isSuperuser: u.isSuperuser,
        limits: active ? await limitsOf(app.db, u.userId) : [],
      };
    },
  );

  app.get(
    '/roles',
    {
      preHandler: requirePermission('roles.read'),
      schema: {
        tags: ['roles'],
        summary: 'Every role',
        security,
        response: { 200: z.array(roleSchema), ...apiErrors },
      },
    },
    async () => listRoles(app.db),
  );

  app.post(
    '/roles',
    {
      preHandler: requirePermission('roles.manage'),
      schema: {
        tags: ['roles'],
        summary: 'Requests a new role (four-eyes: 202 with the approval id)',
        security,
        body: roleInputSchema,
        response: created,
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      if (await roleNamed(app.db, req.body.name)) throw conflict(ROLE_TEXT.nameTaken(req.body.name));
      assertRoleSegregated(req.body.permissions, req.body.retired);
      const approvalId = await app.db.transaction((tx) =>
        requestApproval(tx, {
          type: 'role.create',
          subjectType: 'role',
          subjectId: 'new',
          command: { roleId: null, input: req.body },
          before: null,
          after: req.body,
          maker: { id: u.userId, email: u.email, ip: requestIp(req) },
          branch: null,
        }),
      );
      return reply.status(202).send({ approvalId });
    },
  );

  app.put(
    '/roles/:id',
    {
      preHandler: requirePermission('roles.manage'),
      schema: {
        tags: ['roles'],
        summary: 'Requests a change to a role (four-eyes: 202); 409 when `version` is not the current one',
        security,
        params: idParam,
        body: roleUpdateSchema,
        response: created,
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const role = await getRole(app.db, req.params.id);
      if (!role) throw notFound(ROLE_TEXT.notFound);
      if (role.version !== req.body.version)
        throw conflict('This role was changed by someone else; reload it and try again.', {
          code: 'stale_version',
        });
      const clash = await roleNamed(app.db, req.body.name);
      if (clash && clash.id !== role.id) throw conflict(ROLE_TEXT.nameTaken(req.body.name));
      const { version, ...input } = req.body;
      assertRoleSegregated(input.permissions, input.retired);
      if (!input.retired) await assertHoldersSegregated(app.db, role.id, input.permissions);
      const approvalId = await app.db.transaction((tx) =>
        requestApproval(tx, {
          type: 'role.update',
          subjectType: 'role',
          subjectId: role.id,
          command: { roleId: role.id, input },
          before: { ...role, holders: undefined },
          after: input,
          subjectVersion: String(version),
          maker: { id: u.userId, email: u.email, ip: requestIp(req) },
          branch: null,
        }),
      );
      return reply.status(202).send({ approvalId });
    },
  );
};

/**
 * `PUT /api/admin/staff/:id/roles` (mounted by the admin module): roles and home branch, four-eyes;
 * `GET /api/admin/segregation`: who holds a toxic combination of duties.
 */
export const staffRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/segregation',
    {
      preHandler: requirePermission('roles.read'),
      schema: {
        tags: ['admin'],
        summary: 'Staff holding a toxic combination of duties, paged (total in X-Total-Count)',
        security,
        querystring: segregationQuerySchema,
        response: { 200: z.array(segregationRowSchema), ...apiErrors },
      },
    },
    async (req, reply) => sendPage(reply, await segregationReport(app.db, pageWindow(req.query, 20))),
  );

  app.put(
    '/staff/:id/roles',
    {
      preHandler: requirePermission('roles.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Requests new roles and home branch for a member of staff (four-eyes: 202)',
        security,
        params: idParam,
        body: staffRolesInputSchema,
        response: created,
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const userId = req.params.id.toLowerCase();
      const before = await staffAccess(app.db, userId);
      if (!before) throw notFound('No staff user with this id.');
      const wanted = await listRoles(app.db, req.body.roleIds);
      if (wanted.length !== new Set(req.body.roleIds).size)
        throw badRequest('Unknown role', { field: 'roleIds' });
      if (wanted.some((r) => r.retired)) throw badRequest(ROLE_TEXT.retired, { field: 'roleIds' });
      await assertStaffSegregated(app.db, req.body.roleIds);
      const approvalId = await app.db.transaction((tx) =>
        requestApproval(tx, {
          type: 'staff.roles',
          subjectType: 'staff',
          subjectId: userId,
          command: { userId, input: { ...req.body, roleIds: [...new Set(req.body.roleIds)] } },
          before: { roles: before.roleNames, homeBranch: before.homeBranch },
          after: { roles: wanted.map((r) => r.name), homeBranch: req.body.homeBranch },
          subjectVersion: staffAccessVersion(before),
          branch: req.body.homeBranch,
          maker: { id: u.userId, email: u.email, ip: requestIp(req) },
        }),
      );
      return reply.status(202).send({ approvalId });
    },
  );
};
