import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAdminRoutes } from '../staff/index.ts';
import { staffRoleRoutes } from '../roles/index.ts';
import { auditAdminRoutes } from './audit-routes.ts';

/** `/api/admin`: staff administration and the audit trail, each route guarded by its permission. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff records and audit rows must not linger in browser or proxy caches.
  app.addHook('onSend', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
  });
  await app.register(staffAdminRoutes);
  await app.register(auditAdminRoutes);
  await app.register(staffRoleRoutes);
};
