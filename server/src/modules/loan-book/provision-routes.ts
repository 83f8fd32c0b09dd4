import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loanIdParam,
  loanWriteOffAnswerSchema,
  loanWriteOffSchema,
  pageQuerySchema,
  provisionPostAnswerSchema,
  provisionRatesAnswerSchema,
  provisionRatesSchema,
  provisionRunCreateSchema,
  provisionRunIdParam,
  provisionRunSchema,
  provisionRunSummarySchema,
} from '@bankmanager/contracts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { assertBranch, assertPermission, currentUser, requirePermission } from '../auth/index.ts';
import { readRates, registerRateChange, requestRateChange } from './provision-rates.ts';
import { registerProvisionPosting, requestPosting } from './provision-post.ts';
import { computeDraft, listRuns, readRun } from './provision-run.ts';
import { registerWriteOff, requestWriteOff } from './write-off.ts';

const tags = ['loans'];
const approvalAnswer = z.object({ approvalId: z.string() });

/**
 * Loan loss provisioning and write-off (docs/loan-book.md, ADR 0065). Provisioning is the whole
 * bank's: its routes need `loans.provision` and `branches.all`. A write-off needs `loans.provision`
 * in the loan's branch. Every change waits for a second person in the approvals inbox.
 */
export const loanProvisionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerProvisionPosting(app.approvals);
  registerWriteOff(app.approvals);
  registerRateChange(app.approvals);
  const maker = (req: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(req);
    return { id: u.userId, email: u.email, ip: requestIp(req) };
  };
  const bankWide = { preHandler: requirePermission('loans.provision') };

  app.get(
    '/loan-provisioning/rates',
    {
      ...bankWide,
      schema: {
        tags,
        summary: 'The provision rates per class and the write-off limits per currency',
        security,
        response: { 200: provisionRatesAnswerSchema, ...apiErrors },
      },
    },
    async () => readRates(app.db),
  );

  app.put(
    '/loan-provisioning/rates',
    {
      ...bankWide,
      schema: {
        tags,
        summary: 'Asks for new provision rates (four-eyes: the Head of Credit’s level approves)',
        security,
        body: provisionRatesSchema,
        response: { 202: approvalAnswer, ...apiErrors },
      },
    },
    async (req, reply) => {
      assertPermission(req, 'branches.all');
      const approvalId = await app.db.transaction((tx) => requestRateChange(tx, req.body, maker(req)));
      return reply.status(202).send({ approvalId });
    },
  );

  app.get(
    '/loan-provisioning/runs',
    {
      ...bankWide,
      schema: {
        tags,
        summary: 'Provisioning runs, newest first (X-Total-Count)',
        security,
        querystring: pageQuerySchema,
        response: { 200: z.array(provisionRunSummarySchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      assertPermission(req, 'branches.all');
      return sendPage(reply, await listRuns(app.db, pageWindow(req.query, 20)));
    },
  );

  app.post(
    '/loan-provisioning/runs',
    {
      ...bankWide,
      schema: {
        tags,
        summary: 'Computes the draft run as of a closed business date (again, while it is a draft)',
        security,
        body: provisionRunCreateSchema,
        response: { 201: provisionRunSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      assertPermission(req, 'branches.all');
      const id = await app.db.transaction((tx) => computeDraft(tx, req.body.asOf, maker(req)));
      return reply.status(201).send(await readRun(app.db, id));
    },
  );

  app.get(
    '/loan-provisioning/runs/:id',
    {
      ...bankWide,
      schema: {
        tags,
        summary: 'A provisioning run with its totals by currency and class',
        security,
        params: provisionRunIdParam,
        response: { 200: provisionRunSchema, ...apiErrors },
      },
    },
    async (req) => {
      assertPermission(req, 'branches.all');
      return readRun(app.db, req.params.id);
    },
  );

  app.post(
    '/loan-provisioning/runs/:id/post',
    {
      ...bankWide,
      schema: {
        tags,
        summary: 'Asks for a draft run’s posting (four-eyes: the Head of Credit’s level approves)',
        security,
        params: provisionRunIdParam,
        response: { 202: provisionPostAnswerSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      assertPermission(req, 'branches.all');
      const approvalId = await app.db.transaction((tx) => requestPosting(tx, req.params.id, maker(req)));
      return reply.status(202).send({ runId: req.params.id, approvalId });
    },
  );

  app.post(
    '/loans/:id/write-off',
    {
      preHandler: requirePermission('loans.provision'),
      schema: {
        tags,
        summary:
          'Asks for a Loss loan’s write-off (four-eyes: the Branch Manager; above the limit the Head of Credit)',
        security,
        params: loanIdParam,
        body: loanWriteOffSchema,
        response: { 202: loanWriteOffAnswerSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const r = await app.db.transaction((tx) =>
        requestWriteOff(tx, req.params.id, req.body.reason, maker(req), (b) => assertBranch(req, b)),
      );
      return reply.status(202).send({ loanId: req.params.id, ...r });
    },
  );
};
