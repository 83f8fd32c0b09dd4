import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  BUILT_REPORTS_TEXT as T,
  builtReport,
  reportInboxCountSchema,
  reportInboxItemSchema,
  reportParamsSchema,
  reportRunListQuerySchema,
  reportRunRequestSchema,
  reportRoleSchema,
  reportRunSchema,
  reportScheduleCreateSchema,
  reportScheduleSchema,
  reportTableSchema,
  pageQuerySchema,
  holds,
  type ReportParams,
  type ReportTable,
} from '@bankmanager/contracts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser, listBranch, requirePermission } from '../auth/index.ts';
import { isRunnable } from './catalogue.ts';
import { reportWorkerFor } from './worker.ts';
import { REPORT_MEDIA } from './files.ts';
import { listInbox, markRead, unreadCount } from './inbox.ts';
import { getRun, insertRun, listMyRuns, RUN_COLUMNS, visibleTo, withTitle, type RunRow } from './runs.ts';
import { deactivate, insertSchedule, listSchedules, liveRole, scheduleRoles } from './schedules.ts';

const tags = ['built-reports'];
const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * A report's parameters checked against its own schema (400 naming `/params/<field>`), and the branch
 * it is confined to: a branch report's branch is the caller's own unless they see every branch; a
 * bank-wide report needs `branches.all`.
 */
function checkedParams(
  req: FastifyRequest,
  reportId: string,
  raw: Record<string, string>,
): { params: ReportParams; scope: string | null } {
  const report = builtReport(reportId);
  if (!report || !isRunnable(reportId))
    throw badRequest('Invalid request', [{ path: '/reportId', message: T.notRunnable }]);
  const parsed = reportParamsSchema(report).safeParse(raw);
  if (!parsed.success)
    throw badRequest(
      'Invalid request',
      parsed.error.issues.map((i) => ({ path: `/params/${i.path.join('/')}`, message: i.message })),
    );
  const params = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v)) as ReportParams;
  const u = currentUser(req);
  if (report.bankWide) {
    if (!holds(u, 'branches.all')) throw forbidden(T.bankWideOnly);
    return { params, scope: null };
  }
  const branch = listBranch(req, params.branch);
  return { params, scope: branch ?? null };
}

/** The audit row of a caller's change, in the change's transaction. */
function auditBy(
  tx: Database,
  req: FastifyRequest,
  action: string,
  target: { type: string; id: string },
  details?: Record<string, unknown>,
) {
  const u = currentUser(req);
  return writeAudit(tx, {
    action,
    outcome: 'success',
    actorId: u.userId,
    actorEmail: u.email,
    targetType: target.type,
    targetId: target.id,
    ip: requestIp(req),
    ...(details ? { details } : {}),
  });
}

/**
 * `/api/built-reports`: runs of catalogue reports (queued, executed by the worker in the background),
 * their results and files, retry of a failed run; schedules for a role (`reports.schedule`); the
 * caller's report inbox. Every route needs `reports.read`.
 */
export const builtReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const kick = () => reportWorkerFor(app.dbHandle)?.kick();

  app.post(
    '/built-reports/runs',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'Queues a run of a catalogue report (202); the worker runs it in the background',
        security,
        body: reportRunRequestSchema,
        response: { 202: reportRunSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const { params, scope } = checkedParams(req, req.body.reportId, req.body.params);
      const u = currentUser(req);
      const run = await app.db.transaction(async (tx) => {
        const r = await insertRun(tx, {
          reportId: req.body.reportId,
          params,
          format: req.body.format,
          branchScope: scope,
          requestedBy: u.userId,
          requestedByEmail: u.email,
        });
        await auditBy(
          tx,
          req,
          'report_run.request',
          { type: 'report_run', id: r.id },
          { reportId: r.reportId, params, format: r.format },
        );
        return r;
      });
      kick();
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/built-reports/runs',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'The caller’s own runs, newest first; paged; X-Total-Count',
        security,
        querystring: reportRunListQuerySchema,
        response: { 200: z.array(reportRunSchema), ...apiErrors },
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listMyRuns(app.db, currentUser(req).userId, req.query.status, pageWindow(req.query, 20)),
      ),
  );

  app.get(
    '/built-reports/runs/:id',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'One run: status, progress, the reason it failed',
        security,
        params: idParam,
        response: { 200: reportRunSchema, ...apiErrors },
      },
    },
    async (req) => {
      const run = await getRun(app.db, req.params.id, currentUser(req));
      if (!run) throw notFound('No such report run');
      return run;
    },
  );

  app.get(
    '/built-reports/runs/:id/result',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'A finished run’s table, one page of its rows (the totals on every page); X-Total-Count',
        security,
        params: idParam,
        querystring: pageQuerySchema,
        response: { 200: reportTableSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const w = pageWindow(req.query, 100);
      // The page is cut in the database: the stored table may hold 50,000 rows.
      const [r] = await queryRows<{
        status: string;
        head: Omit<ReportTable, 'rows'> | null;
        rows: string[][] | null;
        n: number | null;
      }>(
        app.db,
        sql`select r.status, r.result - 'rows' as head,
                   (select jsonb_agg(e order by i) from jsonb_array_elements(r.result -> 'rows') with ordinality x(e, i)
                     where i > ${w.offset} and i <= ${w.offset + w.limit}) as rows,
                   jsonb_array_length(r.result -> 'rows') as n
              from report_runs r where r.id = ${req.params.id} and ${visibleTo(u)}`,
      );
      if (!r) throw notFound('No such report run');
      if (r.status !== 'done' || !r.head) throw conflict('The run has not finished', { code: 'not_done' });
      void reply.header('X-Total-Count', String(r.n ?? 0));
      return { ...r.head, rows: r.rows ?? [] };
    },
  );

  app.get(
    '/built-reports/runs/:id/file',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'A finished run’s file (CSV, XLSX or PDF), as it was produced',
        security,
        params: idParam,
        response: {
          200: fileAnswer(Object.values(REPORT_MEDIA) as [string, ...string[]], 'The report file'),
          ...apiErrors,
        },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const [r] = await queryRows<{
        status: string;
        format: string;
        report_id: string;
        file: Uint8Array | null;
      }>(
        app.db,
        sql`select r.status, r.format, r.report_id, r.file from report_runs r
             where r.id = ${req.params.id} and ${visibleTo(u)}`,
      );
      if (!r) throw notFound('No such report run');
      if (r.status !== 'done' || !r.file || r.format === 'screen')
        throw conflict('The run has no file', { code: 'no_file' });
      await auditBy(app.db, req, 'report_run.download', { type: 'report_run', id: String(req.params.id) });
      const format = r.format as keyof typeof REPORT_MEDIA;
      return reply
        .header('content-type', REPORT_MEDIA[format])
        .header('content-disposition', `attachment; filename="${r.report_id}-${req.params.id}.${format}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(r.file));
    },
  );

  app.post(
    '/built-reports/runs/:id/retry',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'Queues a failed run again (its asker, or a holder of reports.schedule for a scheduled run)',
        security,
        params: idParam,
        response: { 202: reportRunSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const u = currentUser(req);
      const run = await app.db.transaction(async (tx) => {
        const [row] = await queryRows<RunRow & { requester: string | null }>(
          tx,
          sql`select ${RUN_COLUMNS}, r.requested_by::text as requester from report_runs r
               where r.id = ${req.params.id} and ${visibleTo(u)} for update`,
        );
        if (!row) throw notFound('No such report run');
        const mine = row.requester === u.userId;
        if (!mine && !holds(u, 'reports.schedule')) throw forbidden();
        if (row.status !== 'failed') throw conflict(T.notFailed, { code: 'not_failed' });
        const [again] = await queryRows<RunRow>(
          tx,
          sql`update report_runs r set status = 'queued', progress = 0, error = null, finished_at = null
               where r.id = ${req.params.id} returning ${RUN_COLUMNS}`,
        );
        await auditBy(
          tx,
          req,
          'report_run.retry',
          { type: 'report_run', id: String(req.params.id) },
          { previousError: row.error },
        );
        return withTitle(again!);
      });
      kick();
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/built-reports/schedules',
    {
      preHandler: requirePermission('reports.schedule'),
      schema: {
        tags,
        summary: 'Every report schedule, newest first',
        security,
        response: { 200: z.array(reportScheduleSchema), ...apiErrors },
      },
    },
    async () => listSchedules(app.db),
  );

  app.get(
    '/built-reports/roles',
    {
      preHandler: requirePermission('reports.schedule'),
      schema: {
        tags,
        summary: 'The live roles a report may be scheduled for (id and name only)',
        security,
        response: { 200: z.array(reportRoleSchema), ...apiErrors },
      },
    },
    async () => scheduleRoles(app.db),
  );

  app.post(
    '/built-reports/schedules',
    {
      preHandler: requirePermission('reports.schedule'),
      schema: {
        tags,
        summary: 'Schedules a report after end of day (daily or at month end) for a role’s inbox',
        security,
        body: reportScheduleCreateSchema,
        response: { 201: reportScheduleSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      // A branch user's schedule is for their branch: the scope is kept as the run's branch parameter.
      const checked = checkedParams(req, req.body.reportId, req.body.params);
      const params = checked.scope ? { ...checked.params, branch: checked.scope } : checked.params;
      if (!(await liveRole(app.db, req.body.roleId)))
        throw badRequest('Invalid request', [{ path: '/roleId', message: 'No such role' }]);
      const u = currentUser(req);
      const s = await app.db.transaction(async (tx) => {
        const created = await insertSchedule(tx, {
          ...req.body,
          params,
          createdBy: u.userId,
          createdByEmail: u.email,
        });
        await auditBy(
          tx,
          req,
          'report_schedule.create',
          { type: 'report_schedule', id: created.id },
          { reportId: created.reportId, params, frequency: created.frequency, role: created.roleName },
        );
        return created;
      });
      return reply.status(201).send(s);
    },
  );

  app.delete(
    '/built-reports/schedules/:id',
    {
      preHandler: requirePermission('reports.schedule'),
      schema: {
        tags,
        summary: 'Stops a schedule (kept for its runs’ sake)',
        security,
        params: idParam,
        response: { 200: reportScheduleSchema, ...apiErrors },
      },
    },
    async (req) =>
      app.db.transaction(async (tx) => {
        const s = await deactivate(tx, req.params.id);
        if (!s) throw notFound('No such schedule');
        await auditBy(tx, req, 'report_schedule.stop', { type: 'report_schedule', id: s.id });
        return s;
      }),
  );

  app.get(
    '/built-reports/inbox',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'The caller’s report inbox, newest first; paged; X-Total-Count',
        security,
        querystring: pageQuerySchema,
        response: { 200: z.array(reportInboxItemSchema), ...apiErrors },
      },
    },
    async (req, reply) =>
      sendPage(reply, await listInbox(app.db, currentUser(req).userId, pageWindow(req.query, 20))),
  );

  app.get(
    '/built-reports/inbox/unread',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'How many inbox items the caller has not opened (the badge)',
        security,
        response: { 200: reportInboxCountSchema, ...apiErrors },
      },
    },
    async (req) => ({ unread: await unreadCount(app.db, currentUser(req).userId) }),
  );

  app.post(
    '/built-reports/inbox/:id/read',
    {
      preHandler: requirePermission('reports.read'),
      schema: {
        tags,
        summary: 'Marks one of the caller’s inbox items read',
        security,
        params: idParam,
        response: { 204: z.null(), ...apiErrors },
      },
    },
    async (req, reply) => {
      if (!(await markRead(app.db, currentUser(req).userId, req.params.id)))
        throw notFound('No such inbox item');
      return reply.status(204).send(null);
    },
  );
};
