/**
 * The deposit-accounts module's only door (docs/deposits.md): opening, the managers' lists, status actions,
 * holds and overdraft limits. Account Enquiry (`GET /api/accounts/:number` and its history) stays in
 * the accounts module.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAccountCommands } from './commands.ts';
import { accountHoldRoutes } from './hold-routes.ts';
import { accountReadRoutes } from './read-routes.ts';
import { accountWriteRoutes } from './write-routes.ts';

export const depositAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAccountCommands(app.approvals);
  await app.register(accountReadRoutes);
  await app.register(accountWriteRoutes);
  await app.register(accountHoldRoutes);
};
