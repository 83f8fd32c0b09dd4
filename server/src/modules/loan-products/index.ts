/**
 * The loan-products module's only door (docs/loan-products.md): loan products and their numbered versions.
 * Loans will read a product's newest version when they are written and keep pointing at it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerLoanProductCommands } from './commands.ts';
import { loanProductReadRoutes } from './read-routes.ts';
import { loanProductWriteRoutes } from './write-routes.ts';

/** One product with its newest terms: what a loan application is written under. */
export { getLoanProduct } from './product-rows.ts';

/** `/api/loan-products`: list, one, and create and change as `loan_product.change` approvals. */
export const loanProductRoutes: FastifyPluginAsyncZod = async (app) => {
  registerLoanProductCommands(app.approvals);
  await app.register(loanProductReadRoutes);
  await app.register(loanProductWriteRoutes);
};
