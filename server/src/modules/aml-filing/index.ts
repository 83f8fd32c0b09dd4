/**
 * The AML filing module's only door (docs/decisions/0048-goaml-filing.md): the CTR list per customer
 * per day and its frozen filings for the FIU, and STRs from draft through the MLRO's approval to the
 * FIU's reference. `markCaseStrFiled` is the interface to AML cases (aml_cases, the monitoring side).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctrFilingRoutes } from './ctr-routes.ts';
import { registerStrCommands } from './str-commands.ts';
import { strRoutes } from './str-routes.ts';

export { markCaseStrFiled } from './case-link.ts';

export const amlFilingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerStrCommands(app.approvals, app.config.goaml);
  await app.register(ctrFilingRoutes);
  await app.register(strRoutes);
};
