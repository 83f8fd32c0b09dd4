/**
 * The payments module's only door (docs/payments.md): transfers at the day's rate with limits and four-eyes,
 * reversals (always four-eyes), bulk salary batches, standing orders. End of day calls
 * `runDueStandingOrders` as its first step.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reversalRoutes } from './reversals/routes.ts';
import { salaryRoutes } from './salary/routes.ts';
import { standingOrderRoutes } from './standing-orders/routes.ts';
import { transferRoutes } from './transfers/routes.ts';

export { runDueStandingOrders, type RunResult } from './standing-orders/run.ts';

/** `/api/transfers…`, `/api/journal-entries/:id/reversal`, `/api/salary-batches…`, `/api/standing-orders…`. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(transferRoutes);
  await app.register(reversalRoutes);
  await app.register(salaryRoutes);
  await app.register(standingOrderRoutes);
};
