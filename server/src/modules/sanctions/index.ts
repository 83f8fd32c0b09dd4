/**
 * The sanctions module's only door (docs/decisions/0044-sanctions-screening-with-trigrams.md): list
 * imports (four-eyes), screening of customers, and the hits queue. Customers ask it at creation, KYC
 * edit and activation; end of day asks it to re-screen everyone.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerSanctionsCommands } from './commands.ts';
import { sanctionsHitRoutes } from './hit-routes.ts';
import { sanctionsListRoutes } from './list-routes.ts';

export { hasBlockingHit, rescreenAllCustomers, screenCustomer } from './screening.ts';

/** `/api/sanctions/*`: lists, imports (`sanctions.list_import` approvals) and hits. */
export const sanctionsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSanctionsCommands(app.approvals);
  await app.register(sanctionsListRoutes);
  await app.register(sanctionsHitRoutes);
};
