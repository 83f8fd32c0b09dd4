/**
 * The products module's only door (docs/deposits.md): deposit products and their versioned terms.
 * `termsInForce` is what accounts and end of day read; `productRoutes` is the products API.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerProductCommands } from './commands.ts';
import { productReadRoutes } from './read-routes.ts';
import { productReportRoutes } from './report-routes.ts';
import { productWriteRoutes } from './write-routes.ts';

export { termsInForce, creditRateFor, type TermsInForce } from './terms-in-force.ts';

/** `/api/products` (list, one, create and change as `product.change` approvals) and its report. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  registerProductCommands(app.approvals);
  await app.register(productReadRoutes);
  await app.register(productWriteRoutes);
  await app.register(productReportRoutes);
};
