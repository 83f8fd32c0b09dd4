import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activateFirstUserResponseSchema,
  addNewUserResponseSchema,
  apiErrorSchema,
  userStatusSchema,
} from '@bankmanager/contracts';
import { acceptEmptyJsonBodies } from '../../lib/lenient-json.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser, requireSignedIn } from '../auth/index.ts';
import {
  ensureStaff,
  lockFirstUserActivation,
  promoteToFirstSuperuser,
  superuserExists,
} from './activation-repository.ts';
import { mayBecomeFirstSuperuser } from './bootstrap.ts';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 503: apiErrorSchema };
const security = [{ bearer: [] }];

/** The staff activation API (docs/product.md §7): status, self-registration, first-user activation. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);

  app.get(
    '/user/status',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['staff'],
        summary: "The caller's activation flags",
        security,
        response: { 200: userStatusSchema, ...errors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      // Polled by the pending dashboard to notice an approval: never answer from a cache.
      void reply.header('cache-control', 'no-store');
      return { isActivated: u.isActivated, isSuperuser: u.isSuperuser };
    },
  );

  app.post(
    '/users/add-new-user',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['staff'],
        summary: "Creates the caller's staff record if missing (idempotent)",
        security,
        response: { 200: addNewUserResponseSchema, ...errors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const created = await app.db.transaction(async (tx) => {
        const r = await ensureStaff(tx, u.userId);
        if (r.created) {
          await writeAudit(tx, {
            action: 'staff.register',
            outcome: 'success',
            actorId: u.userId,
            actorEmail: u.email,
            targetType: 'staff',
            targetId: u.userId,
            ip: requestIp(req),
          });
        }
        return r.created;
      });
      return { success: true, message: created ? 'User added successfully' : 'User already exists' };
    },
  );

  app.post(
    '/users/activate-first-user',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['staff'],
        summary: 'Makes the caller the first superuser when there is none yet; otherwise returns their flags',
        security,
        response: { 200: activateFirstUserResponseSchema, ...errors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const row = await app.db.transaction(async (tx) => {
        await lockFirstUserActivation(tx);
        const { row: current } = await ensureStaff(tx, u.userId);
        if (current.isSuperuser || (await superuserExists(tx))) return current;
        // BOOTSTRAP_SUPERUSER_EMAIL: anyone else stays a pending member of staff.
        if (!mayBecomeFirstSuperuser(app.config, u.email)) return current;
        const promoted = await promoteToFirstSuperuser(tx, u.userId);
        await writeAudit(tx, {
          action: 'staff.activate_first_user',
          outcome: 'success',
          actorId: u.userId,
          actorEmail: u.email,
          targetType: 'staff',
          targetId: u.userId,
          ip: requestIp(req),
          details: {
            before: { approved: current.approved, is_superuser: current.isSuperuser },
            after: { approved: true, is_superuser: true },
          },
        });
        return promoted;
      });
      return { success: true, user: { approved: row.approved, is_superuser: row.isSuperuser } };
    },
  );
};
