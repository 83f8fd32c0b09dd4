import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_REFUSAL_TEXT,
  SALARY_MAX_LINES,
  approvalCreatedSchema,
  parseSalaryCsv,
  salaryBatchCreateSchema,
  salaryBatchListQuerySchema,
  salaryBatchParamsSchema,
  salaryBatchSchema,
  salaryLineFixSchema,
  salaryLineParamsSchema,
  salaryLineSchema,
  salaryLinesQuerySchema,
} from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { HttpError, conflict, notFound } from '../../../lib/http-error.ts';
import { acceptEmptyJsonBodies } from '../../../lib/lenient-json.ts';
import { sendPage } from '../../../lib/paging.ts';
import { apiErrors, bearerSecurity } from '../../../lib/route-schemas.ts';
import { assertBranch, callerHolds, currentUser, requirePermission } from '../../auth/index.ts';
import { actorOf, auditChange, mustFindAccount, refuse } from '../accounts.ts';
import {
  batchIdByReference,
  bumpVersion,
  getBatch,
  insertBatch,
  listBatches,
  lockBatch,
  strip,
} from './batches.ts';
import { registerSalaryCommand } from './command.ts';
import { fixLine, insertLines, listLines, removeLine, validateBatch } from './lines.ts';
import { linesCsv } from './report.ts';
import { submitBatch } from './submit.ts';

const guard = requirePermission('payments.bulk');
const common = { tags: ['payments'], security: bearerSecurity };

/**
 * Bulk salary posting (docs/payments.md): upload → validated draft → fix or remove lines → submit
 * (four-eyes) → posted as one journal on approval. Everything needs `payments.bulk` and the
 * employer account's branch in scope.
 */
export const salaryRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSalaryCommand(app.approvals);
  // Submit and run take no input: an empty JSON body (as the SPA sends) is no body.
  acceptEmptyJsonBodies(app);

  /** The batch, 404 when missing, 403 out of the caller's branch scope. */
  async function scopedBatch(req: FastifyRequest, id: number) {
    const b = await getBatch(app.db, id);
    if (!b) throw notFound(`Salary batch ${id} does not exist`);
    assertBranch(req, b.branch);
    return b;
  }

  const audit = (db: Database, req: FastifyRequest, action: string, id: number | string, details: object) =>
    auditChange(db, req, { type: 'salary_batch', id }, action, details);

  app.post(
    '/salary-batches',
    {
      preHandler: guard,
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        ...common,
        summary: 'Uploads an employer’s salary CSV as a draft batch, validated line by line',
        description:
          'The CSV has account number, amount, narration per line (a header row is optional). 201 with the batch; ' +
          '200 with the first batch when the reference was used before. Each line’s problem is in GET …/lines.',
        body: salaryBatchCreateSchema,
        response: { 200: salaryBatchSchema, 201: salaryBatchSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const again = await batchIdByReference(app.db, b.reference);
      if (again !== null) return reply.status(200).send(strip(await scopedBatch(req, again)));
      const employer = await mustFindAccount(app.db, b.employer_account);
      assertBranch(req, employer.branch);
      if (employer.status !== 'Active')
        throw conflict(ACCOUNT_REFUSAL_TEXT.account_not_active, { code: 'account_not_active' });
      const lines = parseSalaryCsv(b.csv);
      if (lines.length === 0 || lines.length > SALARY_MAX_LINES) {
        const message =
          lines.length === 0 ? 'The file has no lines' : `A batch has at most ${SALARY_MAX_LINES} lines`;
        throw new HttpError(400, message, [{ path: '/csv', message }]);
      }
      const u = currentUser(req);
      const id = await app.db.transaction(async (tx) => {
        const batchId = await insertBatch(tx, {
          reference: b.reference,
          employer,
          narration: b.narration,
          maker: { id: u.userId, email: u.email },
        });
        await insertLines(tx, batchId, lines);
        await validateBatch(tx, batchId);
        await audit(tx, req, 'payments.salary_upload', batchId, {
          lines: lines.length,
          employer: employer.number,
        });
        return batchId;
      });
      return reply.status(201).send(strip((await getBatch(app.db, id))!));
    },
  );

  app.get(
    '/salary-batches',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'Salary batches, newest first, paged (the home branch without branches.all)',
        querystring: salaryBatchListQuerySchema,
        response: { 200: z.array(salaryBatchSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = callerHolds(req, 'branches.all') ? null : (currentUser(req).homeBranch ?? '');
      return sendPage(reply, await listBatches(app.db, req.query, branch));
    },
  );

  app.get(
    '/salary-batches/:id',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'One salary batch: totals, problems by kind, approval',
        params: salaryBatchParamsSchema,
        response: { 200: salaryBatchSchema, ...apiErrors },
      },
    },
    async (req) => strip(await scopedBatch(req, req.params.id)),
  );

  app.get(
    '/salary-batches/:id/lines',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'A batch’s lines in file order with each line’s problem, paged',
        params: salaryBatchParamsSchema,
        querystring: salaryLinesQuerySchema,
        response: { 200: z.array(salaryLineSchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      await scopedBatch(req, req.params.id);
      return sendPage(reply, await listLines(app.db, req.params.id, req.query));
    },
  );

  app.get(
    '/salary-batches/:id/report.csv',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'The validation report as CSV: every line with its problem',
        params: salaryBatchParamsSchema,
        response: { 200: z.string(), ...apiErrors },
      },
    },
    async (req, reply) => {
      const b = await scopedBatch(req, req.params.id);
      void reply.header('content-type', 'text/csv; charset=utf-8');
      void reply.header('content-disposition', `attachment; filename="salary-batch-${b.id}.csv"`);
      return linesCsv(app.db, req.params.id);
    },
  );

  /** Changes a draft's lines under its row lock, then validates the whole batch again. */
  async function changeLine(
    req: FastifyRequest,
    id: number,
    lineNo: number,
    change: (tx: Database) => Promise<boolean>,
    action: string,
    details: object,
  ) {
    await scopedBatch(req, id);
    await app.db.transaction(async (tx) => {
      const locked = await lockBatch(tx, id);
      if (!locked || locked.status !== 'draft') throw refuse('batch_not_draft');
      if (!(await change(tx))) throw notFound(`Batch ${id} has no line ${lineNo}`);
      await bumpVersion(tx, id);
      await validateBatch(tx, id);
      await audit(tx, req, action, id, { lineNo, ...details });
    });
    return strip((await getBatch(app.db, id))!);
  }

  app.put(
    '/salary-batches/:id/lines/:lineNo',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'Fixes one line of a draft batch (validated again with the rest)',
        params: salaryLineParamsSchema,
        body: salaryLineFixSchema,
        response: { 200: salaryBatchSchema, ...apiErrors },
      },
    },
    async (req) =>
      changeLine(
        req,
        req.params.id,
        req.params.lineNo,
        (tx) => fixLine(tx, req.params.id, req.params.lineNo, req.body),
        'payments.salary_line_fix',
        { ...req.body },
      ),
  );

  app.delete(
    '/salary-batches/:id/lines/:lineNo',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'Removes one line from a draft batch',
        params: salaryLineParamsSchema,
        response: { 200: salaryBatchSchema, ...apiErrors },
      },
    },
    async (req) =>
      changeLine(
        req,
        req.params.id,
        req.params.lineNo,
        (tx) => removeLine(tx, req.params.id, req.params.lineNo),
        'payments.salary_line_remove',
        {},
      ),
  );

  app.post(
    '/salary-batches/:id/submit',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'Submits a clean draft for four-eyes approval; 202 `{ approvalId }`',
        description:
          '409 details.code: batch_has_problems, batch_over_available, batch_empty, batch_not_draft (posted). ' +
          'Submitting again while the request waits answers the same request.',
        params: salaryBatchParamsSchema,
        response: { 202: approvalCreatedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      await scopedBatch(req, req.params.id);
      return reply.status(202).send({ approvalId: await submitBatch(app.db, req.params.id, actorOf(req)) });
    },
  );
};
