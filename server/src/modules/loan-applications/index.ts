/**
 * The loan-applications module's only door (docs/loan-applications.md): applications, appraisal and
 * approval by authority. Disbursement reads the Approved rows (`loan_applications`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerLoanApplicationCommands } from './commands.ts';
import { loanApplicationDocumentRoutes } from './document-routes.ts';
import { loanApplicationReadRoutes } from './read-routes.ts';
import { loanApplicationWriteRoutes } from './write-routes.ts';

/** `/api/loan-applications`: the lifecycle's actions, the list, one, the appraisal and documents. */
export const loanApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerLoanApplicationCommands(app.approvals);
  await app.register(loanApplicationReadRoutes);
  await app.register(loanApplicationWriteRoutes);
  await app.register(loanApplicationDocumentRoutes);
};

/** For disbursement (the loans module): the lifecycle's lock and move, and one application. */
export { lockFor, record, type Actor as LoanApplicationActor } from './transition.ts';
export { getApplication } from './rows.ts';
