import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EOD_TEXT,
  eodPrechecksSchema,
  eodRunCreatedSchema,
  eodRunIdParamSchema,
  eodRunListQuerySchema,
  eodRunRequestSchema,
  eodRunSchema,
  eodRunSummarySchema,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { pageWindow, setTotalCount } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { requestApproval } from '../approvals/index.ts';
import { assertPrechecks, runPrechecks } from './prechecks.ts';
import { isOneActiveViolation } from './run-command.ts';
import { getRun, insertSteps, listRuns } from './run-repository.ts';
import { eodRunnerFor } from './runners.ts';

/** `/api/eod/…`: pre-checks, the four-eyes start of a run, its progress, its retry. All need `eod.run`. */
export const eodRunRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requirePermission('eod.run');
  app.get(
    '/eod/prechecks',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary: 'The day to close, the next business date, and each pre-check as it stands',
        security,
        response: { 200: eodPrechecksSchema, ...apiErrors },
      },
    },
    async () => runPrechecks(app.db, app.eodHooks),
  );

  app.post(
    '/eod/runs',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary: 'Asks for an end-of-day run (202): a supervisor approves it in /api/approvals, then it runs',
        security,
        body: eodRunRequestSchema,
        response: { 202: eodRunCreatedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const checks = await assertPrechecks(app.db, req.body, app.eodHooks);
      const u = currentUser(req);
      const maker = { id: u.userId, email: u.email, ip: requestIp(req) };
      try {
        const created = await app.db.transaction(async (tx) => {
          const [run] = await queryRows<{ id: string }>(
            tx,
            sql`insert into eod_runs (business_date, next_business_date, month_end, quarter_end, status, requested_by,
                                      requested_email, carry_over, suspense_acknowledged)
                values (${checks.businessDate}::date, ${checks.nextBusinessDate}::date, ${checks.monthEnd}, ${checks.quarterEnd},
                        'awaiting_approval', ${u.userId}::uuid, ${u.email}, ${JSON.stringify(req.body.carryOverApprovalIds)}::jsonb,
                        ${req.body.acknowledgeSuspense})
                returning id::text`,
          );
          const runId = Number(run!.id);
          await insertSteps(tx, runId);
          const approvalId = await requestApproval(tx, {
            type: 'eod.run',
            subjectType: 'eod_run',
            subjectId: String(runId),
            command: { runId },
            after: {
              businessDate: checks.businessDate,
              nextBusinessDate: checks.nextBusinessDate,
              monthEnd: checks.monthEnd,
              carriedOver: req.body.carryOverApprovalIds.length,
              suspenseAcknowledged: req.body.acknowledgeSuspense,
            },
            subjectVersion: checks.businessDate,
            maker,
            // The business day closes for the whole bank.
            branch: null,
          });
          await tx.execute(sql`update eod_runs set approval_id = ${approvalId}::uuid where id = ${runId}`);
          await writeAudit(tx, {
            action: 'eod.run_request',
            outcome: 'success',
            actorId: maker.id,
            actorEmail: maker.email,
            ip: maker.ip,
            targetType: 'eod_run',
            targetId: String(runId),
            details: {
              approvalId,
              businessDate: checks.businessDate,
              checks: checks.checks.map((c) => [c.key, c.state]),
            },
          });
          return { approvalId, runId: String(runId) };
        });
        return reply.status(202).send(created);
      } catch (err) {
        if (isOneActiveViolation(err)) throw conflict(EOD_TEXT.alreadyActive, { code: 'run_active' });
        throw err;
      }
    },
  );

  app.get(
    '/eod/runs',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary: 'End-of-day runs, newest first (paged; X-Total-Count)',
        security,
        querystring: eodRunListQuerySchema,
        response: { 200: z.array(eodRunSummarySchema), ...apiErrors },
      },
    },
    async (req, reply) => {
      const { offset, limit } = pageWindow(req.query, 20);
      const { rows, total } = await listRuns(app.db, offset, limit);
      setTotalCount(reply, total);
      return rows;
    },
  );

  app.get(
    '/eod/runs/:id',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary: "A run: each step's state, rows done of the total, times, errors, and failed accounts",
        security,
        params: eodRunIdParamSchema,
        response: { 200: eodRunSchema, ...apiErrors },
      },
    },
    async (req) => {
      const run = await getRun(app.db, req.params.id);
      if (!run) throw notFound(EOD_TEXT.runNotFound);
      return run;
    },
  );

  app.post(
    '/eod/runs/:id/retry',
    {
      preHandler: guard,
      schema: {
        tags: ['end of day'],
        summary:
          'Runs a failed run again from its failed step, or a completed one again (which posts nothing: every step is idempotent)',
        security,
        params: eodRunIdParamSchema,
        response: { 202: eodRunSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      try {
        await app.db.transaction(async (tx) => {
          const [run] = await queryRows<{ status: string }>(
            tx,
            sql`select status from eod_runs where id = ${req.params.id}::bigint for update`,
          );
          if (!run) throw notFound(EOD_TEXT.runNotFound);
          if (run.status !== 'failed' && run.status !== 'completed')
            throw conflict(EOD_TEXT.notRetryable(run.status), { code: 'run_state', status: run.status });
          // A completed run is gone through again step by step: each finds its work done and posts nothing.
          await tx.execute(
            sql`update eod_run_steps set status = 'pending', error = null, updated_at = now(), cursor = 0, lane_cursors = null,
                       rows_done = case when ${run.status} = 'completed' then 0 else rows_done end
                 where run_id = ${req.params.id}::bigint and (status = 'failed' or ${run.status} = 'completed')`,
          );
          await tx.execute(
            sql`update eod_runs set status = 'queued', error = null, finished_at = null, worker_id = null, lease_until = null
                 where id = ${req.params.id}::bigint`,
          );
          await writeAudit(tx, {
            action: 'eod.run_retry',
            outcome: 'success',
            actorId: u.userId,
            actorEmail: u.email,
            ip: requestIp(req),
            targetType: 'eod_run',
            targetId: req.params.id,
            details: { from: run.status },
          });
        });
      } catch (err) {
        if (isOneActiveViolation(err)) throw conflict(EOD_TEXT.alreadyActive, { code: 'run_active' });
        throw err;
      }
      eodRunnerFor(app.dbHandle)?.kick();
      return reply.status(202).send((await getRun(app.db, req.params.id))!);
    },
  );
};
