import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAdminRoutes } from './staff-routes.ts';
import { auditAdminRoutes } from './audit-routes.ts';

/** `/api/admin`: staff administration and the audit trail, superusers only (issue 8). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAdminRoutes);
  await app.register(auditAdminRoutes);
};
