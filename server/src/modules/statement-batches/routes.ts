import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  STATEMENT_BATCH_TEXT as T,
  statementBatchCreateSchema,
  statementBatchListQuerySchema,
  statementBatchParamsSchema,
  statementBatchSchema,
} from '@bankmanager/contracts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { writeAudit, requestIp } from '../audit/index.ts';
import { assertBranch, callerHolds, currentUser, requirePermission } from '../auth/index.ts';
import { sendAttachment } from '../storage/index.ts';
import { getBatch, insertBatch, listBatches } from './repository.ts';
import { STATEMENTS_BUCKET } from './worker.ts';

// Statements are the account enquiry's own output (the single statement's permission), per branch.
// A bulk run reads every account of a branch: a report, not a counter's enquiry, so tellers (who hold
// enquiries.read for one customer's statement) cannot start one.
const guard = requirePermission('reports.read');
const common = { tags: ['statements'], security };

/**
 * Reports → Statement Printing (ADR 0060): queue a batch, follow it, list them, download its file.
 * The work itself is the background worker's; a request only writes the batch's row.
 */
export const statementBatchRoutes =
  (kick: () => void): FastifyPluginAsyncZod =>
  async (app) => {
    /** The batch, if the caller may see it: its branch, or every branch's with branches.all. */
    async function scoped(req: FastifyRequest, id: number) {
      const b = await getBatch(app.db, id);
      if (!b) throw notFound(T.notFound(id));
      if (b.branch === null) {
        if (!callerHolds(req, 'branches.all')) throw notFound(T.notFound(id));
      } else assertBranch(req, b.branch);
      return b;
    }

    app.post(
      '/statement-batches',
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'Queues a bulk statement batch (printed in the background)',
          description:
            'Every account of a branch, or every account with postings in the period (one branch, or every ' +
            'branch with branches.all), as one PDF per account in a ZIP or one merged PDF per branch. 202 with ' +
            'the queued batch; follow it with GET /statement-batches/:id.',
          body: statementBatchCreateSchema,
          response: { 202: statementBatchSchema, ...apiErrors },
        },
      },
      async (req, reply) => {
        const b = req.body;
        const u = currentUser(req);
        const all = callerHolds(req, 'branches.all');
        // A branch user's batch is always their own branch; asking for another is 403.
        if (b.branch !== undefined) assertBranch(req, b.branch);
        const branch = b.branch ?? (all ? null : (u.homeBranch ?? null));
        if (branch === null && (b.scope === 'branch' || !all))
          throw badRequest('Invalid request', [{ path: '/branch', message: T.branchRequired }]);
        // A statement for days not yet booked would look final while postings can still land on them.
        if (b.to > (await currentBusinessDate(app.db)))
          throw badRequest('Invalid request', [{ path: '/to', message: T.endAfterToday }]);
        const id = await app.db.transaction(async (tx) => {
          const batchId = await insertBatch(tx, {
            ...b,
            branch,
            requestedBy: u.userId,
            requestedEmail: u.email,
          });
          await writeAudit(tx, {
            action: 'statement_batch.create',
            outcome: 'success',
            actorId: u.userId,
            actorEmail: u.email,
            ip: requestIp(req),
            targetType: 'statement_batch',
            targetId: String(batchId),
            details: { from: b.from, to: b.to, scope: b.scope, branch, format: b.format },
          });
          return batchId;
        });
        kick();
        const { objectPath: _p, ...batch } = (await getBatch(app.db, id))!;
        return reply.status(202).send(batch);
      },
    );

    app.get(
      '/statement-batches',
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'Statement batches, newest first, paged (the home branch’s without branches.all)',
          querystring: statementBatchListQuerySchema,
          response: { 200: z.array(statementBatchSchema), ...apiErrors },
        },
      },
      async (req, reply) => {
        const branch = callerHolds(req, 'branches.all')
          ? undefined
          : (currentUser(req).homeBranch ?? '(none)');
        return sendPage(reply, await listBatches(app.db, req.query, branch));
      },
    );

    app.get(
      '/statement-batches/:id',
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'One statement batch: where it stands, statements printed of how many',
          params: statementBatchParamsSchema,
          response: { 200: statementBatchSchema, ...apiErrors },
        },
      },
      async (req, reply) => {
        const { objectPath: _p, ...batch } = await scoped(req, req.params.id);
        void reply.header('cache-control', 'no-store');
        return batch;
      },
    );

    app.get(
      '/statement-batches/:id/file',
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'A done batch’s file: a ZIP, or one merged PDF for a single branch',
          params: statementBatchParamsSchema,
          response: {
            200: fileAnswer(['application/zip', 'application/pdf'], 'The statements as printed'),
            ...apiErrors,
          },
        },
      },
      async (req, reply) => {
        const b = await scoped(req, req.params.id);
        if (b.status !== 'done' || !b.objectPath || !b.fileName)
          throw conflict(T.notDone, { code: 'not_done' });
        const found = await app.storage.open(
          STATEMENTS_BUCKET,
          b.objectPath.slice(STATEMENTS_BUCKET.length + 1),
        );
        if (!found) throw notFound(T.notFound(b.id));
        const u = currentUser(req);
        await writeAudit(app.db, {
          action: 'statement_batch.download',
          outcome: 'success',
          actorId: u.userId,
          actorEmail: u.email,
          ip: requestIp(req),
          targetType: 'statement_batch',
          targetId: String(b.id),
          details: { file: b.fileName },
        });
        return sendAttachment(reply, found, b.fileName);
      },
    );
  };
