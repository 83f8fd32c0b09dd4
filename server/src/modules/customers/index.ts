/**
 * The customers module's only door (docs/customers.md): customers (CIF) and KYC — the lists, creation per
 * kind, the 360 view, the lifecycle with four-eyes, documents, the contact log, risk, merges, reports.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCustomerCommands } from './commands.ts';
import { customerReadRoutes } from './read-routes.ts';
import { customerWriteRoutes } from './write-routes.ts';
import { customerPatchRoutes } from './patch-routes.ts';
import { customerAdminRoutes } from './admin-routes.ts';
import { customerContactRoutes } from './contact-routes.ts';
import { customerDocumentRoutes } from './document-routes.ts';
import { customerReportRoutes } from './report-routes.ts';

/** Everything under `/api/customers` except `GET /api/customers/:custId` (mobile-banking's lookup). */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCustomerCommands(app.approvals);
  await app.register(customerReadRoutes);
  await app.register(customerWriteRoutes);
  await app.register(customerPatchRoutes);
  await app.register(customerAdminRoutes);
  await app.register(customerContactRoutes);
  await app.register(customerDocumentRoutes);
  await app.register(customerReportRoutes);
};
