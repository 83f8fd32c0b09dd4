/**
 * The treasury module's only door (docs/payments.md): the day's exchange rates, entered under
 * Treasury → Exchange Rates and read by every cross-currency movement (`dayRateFor`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateRoutes } from './routes.ts';

export { dayRateFor, rateOn } from './rates.ts';

/** `GET /api/fx-rates`, `PUT /api/fx-rates/:currency/:date`. */
export const treasuryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateRoutes);
};
