import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  amlRuleChangeSchema,
  amlRuleParamSchema,
  amlRuleSchema,
  approvalCreatedSchema,
} from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { getRule, listRules, proposeRuleChange } from './rules.ts';

/** `/api/aml/rules`: the monitoring rules as data; a change is a four-eyes request (202). */
export const amlRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/aml/rules',
    {
      preHandler: requirePermission('aml.alerts'),
      schema: {
        tags: ['aml'],
        summary: 'The monitoring rules: scenario, description, parameters, version, any pending change',
        security,
        response: { 200: z.array(amlRuleSchema), ...apiErrors },
      },
    },
    async () => listRules(app.db),
  );

  app.get(
    '/aml/rules/:scenario',
    {
      preHandler: requirePermission('aml.alerts'),
      schema: {
        tags: ['aml'],
        summary: 'One monitoring rule',
        security,
        params: amlRuleParamSchema,
        response: { 200: amlRuleSchema, ...apiErrors },
      },
    },
    async (req) => getRule(app.db, req.params.scenario),
  );

  app.put(
    '/aml/rules/:scenario',
    {
      preHandler: requirePermission('aml.rules.change'),
      schema: {
        tags: ['aml'],
        summary: 'Proposes a change of a rule: a second officer approves it in the inbox (aml_rule.change)',
        security,
        params: amlRuleParamSchema,
        body: amlRuleChangeSchema,
        response: { 202: approvalCreatedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const approvalId = await proposeRuleChange(app.db, req.params.scenario, req.body, {
        id: u.userId,
        email: u.email,
        ip: requestIp(req),
      });
      return reply.code(202).send({ approvalId });
    },
  );
};
