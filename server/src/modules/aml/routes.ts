import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  amlAlertQuerySchema,
  amlAlertSchema,
  amlAssignSchema,
  amlCaseFileSchema,
  amlCaseParamSchema,
  amlCaseQuerySchema,
  amlCaseSchema,
  amlIdParamSchema,
  amlNoteSchema,
  amlOpenCaseSchema,
  amlTransitionSchema,
} from '@bankmanager/contracts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { pageWindow, sendPage, setTotalCount } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, currentUser, listBranch, requirePermission } from '../auth/index.ts';
import { getAlert, listAlerts } from './alerts.ts';
import { addNote, assignCase, transitionCase } from './case-commands.ts';
import { audit, caseById, caseFile, listCases, openCase } from './cases.ts';
import { alertsCsv, casesCsv } from './export.ts';
import { sendDownload } from '../../lib/downloads.ts';

export const AML_PAGE_SIZE = 25;
const csvOrJson = (row: z.ZodType) =>
  z.union([z.array(row), fileAnswer(['text/csv'], 'with format=csv: text/csv')]);

const actor = (req: FastifyRequest) => {
  const u = currentUser(req);
  return {
    id: u.userId,
    email: u.email,
    ip: requestIp(req),
    permissions: u.permissions,
    isSuperuser: u.isSuperuser,
  };
};

function sendCsv(reply: FastifyReply, name: string, total: number, body: string) {
  setTotalCount(reply, total);
  return sendDownload(reply, 'csv', name, body);
}

/**
 * `/api/aml/alerts` and `/api/aml/cases`: only `aml.alerts` holders read them and `aml.cases`
 * holders work them. Everyone else gets the guard's 403 before any lookup, so an id never tells a
 * teller or relationship officer whether a customer is watched.
 */
export const amlCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/aml/alerts',
    {
      preHandler: requirePermission('aml.alerts'),
      schema: {
        tags: ['aml'],
        summary: 'Monitoring alerts: paged, filtered, searched and sorted in the database; or CSV',
        security,
        querystring: amlAlertQuerySchema,
        response: { 200: csvOrJson(amlAlertSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = listBranch(req, undefined);
      if (req.query.format === 'json')
        return sendPage(
          reply,
          await listAlerts(app.db, req.query, pageWindow(req.query, AML_PAGE_SIZE), branch),
        );
      const all = await listAlerts(app.db, req.query, undefined, branch);
      await audit(app.db, actor(req), 'aml.alerts_export', '-', { rows: all.rows.length, query: req.query });
      return sendCsv(reply, 'aml-alerts.csv', all.total, alertsCsv(all.rows));
    },
  );

  r.get(
    '/aml/alerts/:id',
    {
      preHandler: requirePermission('aml.alerts'),
      schema: {
        tags: ['aml'],
        summary: 'One alert: rule, customer, transactions, score',
        security,
        params: amlIdParamSchema,
        response: { 200: amlAlertSchema, ...apiErrors },
      },
    },
    async (req) => {
      const a = await getAlert(app.db, req.params.id);
      assertBranch(req, a.branch);
      return a;
    },
  );

  r.get(
    '/aml/cases',
    {
      preHandler: requirePermission('aml.alerts'),
      schema: {
        tags: ['aml'],
        summary: 'Cases: paged, filtered, searched and sorted in the database; or CSV',
        security,
        querystring: amlCaseQuerySchema,
        response: { 200: csvOrJson(amlCaseSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = listBranch(req, undefined);
      const me = currentUser(req).userId;
      if (req.query.format === 'json')
        return sendPage(
          reply,
          await listCases(app.db, req.query, pageWindow(req.query, AML_PAGE_SIZE), branch, me),
        );
      const all = await listCases(app.db, req.query, undefined, branch, me);
      await audit(app.db, actor(req), 'aml.cases_export', '-', { rows: all.rows.length, query: req.query });
      return sendCsv(reply, 'aml-cases.csv', all.total, casesCsv(all.rows));
    },
  );

  r.post(
    '/aml/cases',
    {
      preHandler: requirePermission('aml.cases'),
      schema: {
        tags: ['aml'],
        summary:
          'Opens a case from an alert (or answers the customer’s active case); the customer’s loose alerts join it',
        security,
        body: amlOpenCaseSchema,
        response: { 200: amlCaseSchema, 201: amlCaseSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      assertBranch(req, (await getAlert(app.db, req.body.alertId)).branch);
      const { created, id } = await app.db.transaction((tx) => openCase(tx, req.body.alertId, actor(req)));
      return reply.code(created ? 201 : 200).send(await caseById(app.db, id));
    },
  );

  r.get(
    '/aml/cases/:id',
    {
      preHandler: requirePermission('aml.alerts'),
      schema: {
        tags: ['aml'],
        summary: 'The case file: customer, alerts, history; the view is audited',
        security,
        params: amlCaseParamSchema,
        response: { 200: amlCaseFileSchema, ...apiErrors },
      },
    },
    async (req) => {
      assertBranch(req, (await caseById(app.db, req.params.id)).branch);
      return app.db.transaction((tx) => caseFile(tx, req.params.id, actor(req)));
    },
  );

  const inScope = async (req: FastifyRequest, id: string) =>
    assertBranch(req, (await caseById(app.db, id)).branch);
  const caseAnswer = { 200: amlCaseSchema, ...apiErrors };
  const guard = requirePermission('aml.cases');

  r.post(
    '/aml/cases/:id/transitions',
    {
      preHandler: guard,
      schema: {
        tags: ['aml'],
        summary:
          'Moves a case along its lifecycle (the contracts’ transitions table: from-states, permission, reason)',
        security,
        params: amlCaseParamSchema,
        body: amlTransitionSchema,
        response: caseAnswer,
      },
    },
    async (req) => {
      await inScope(req, req.params.id);
      await app.db.transaction((tx) => transitionCase(tx, req.params.id, req.body, actor(req)));
      return caseById(app.db, req.params.id);
    },
  );

  r.post(
    '/aml/cases/:id/notes',
    {
      preHandler: guard,
      schema: {
        tags: ['aml'],
        summary: 'Adds a note to the case file',
        security,
        params: amlCaseParamSchema,
        body: amlNoteSchema,
        response: caseAnswer,
      },
    },
    async (req) => {
      await inScope(req, req.params.id);
      await app.db.transaction((tx) => addNote(tx, req.params.id, req.body.text, actor(req)));
      return caseById(app.db, req.params.id);
    },
  );

  r.post(
    '/aml/cases/:id/assignee',
    {
      preHandler: guard,
      schema: {
        tags: ['aml'],
        summary: 'Takes the case, or puts it back in the pool',
        security,
        params: amlCaseParamSchema,
        body: amlAssignSchema,
        response: caseAnswer,
      },
    },
    async (req) => {
      await inScope(req, req.params.id);
      await app.db.transaction((tx) => assignCase(tx, req.params.id, req.body.assignee, actor(req)));
      return caseById(app.db, req.params.id);
    },
  );
};
