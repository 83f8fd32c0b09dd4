/**
 * The bsl-returns module's only door: BSL monthly returns prepared from the ledger, signed
 * off by a second person and filed as frozen versions (README.md, docs/decisions/0042-bsl-monthly-returns.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerReturnCommands } from './commands.ts';
import { registerMappingCommand } from './mapping.ts';
import { regulatoryReturnRoutes as routes } from './routes.ts';

export const regulatoryReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReturnCommands(app.approvals);
  registerMappingCommand(app.approvals);
  await app.register(routes);
};
