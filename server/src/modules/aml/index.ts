/**
 * The aml module's only door (docs/decisions/0047-aml-monitoring-rules-alerts-cases.md): monitoring
 * rules as data (four-eyes), their evaluation (end of day, and cash right after a teller's posting),
 * alerts and cases. Only `aml.*` holders reach any of it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { amlAttachmentRoutes } from './attachment-routes.ts';
import { amlCaseRoutes } from './routes.ts';
import { amlRuleRoutes } from './rule-routes.ts';
import { registerRuleCommand } from './rules.ts';

export { evaluateBusinessDate, monitorCashPosting } from './evaluate.ts';
export { markCaseStrFiled } from './str-filed.ts';
export { caseEvidence, type CaseEvidence } from './case-evidence.ts';

/** `/api/aml/*`: alerts, cases and rules (`aml_rule.change` approvals). */
export const amlRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRuleCommand(app.approvals);
  await app.register(amlCaseRoutes);
  await app.register(amlAttachmentRoutes);
  await app.register(amlRuleRoutes);
};
