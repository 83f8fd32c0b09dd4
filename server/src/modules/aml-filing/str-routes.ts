import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PERMISSION_TEXT,
  STR_TEXT,
  approvalCreatedSchema,
  fiuSubmissionSchema,
  holds,
  strDraftSchema,
  strFileName,
  strFileParamSchema,
  strListQuerySchema,
  strCaseParamSchema,
  strParamSchema,
  strPrefillSchema,
  strReportSchema,
  type Permission,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { HttpError, conflict } from '../../lib/http-error.ts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { pageWindow, sendPage, setTotalCount } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser, requireActivated } from '../auth/index.ts';
import { requestApproval, stillPendingSql } from '../approvals/index.ts';
import { STR_APPROVAL } from './str-commands.ts';
import { strPdf } from './str-pdf.ts';
import { strPrefill } from './str-prefill.ts';
import { checkDraft, insertDraft, strReport, strReports, updateDraft } from './str.ts';
import { strsCsv } from './str-export.ts';
import { sendDownload } from '../../lib/downloads.ts';

/**
 * Tipping-off: to anyone without an `aml.*` STR permission an STR route answers exactly what an
 * unknown route answers (404 `Route … not found`), so a teller learns nothing, not even that STRs
 * exist. Signed-out callers get the usual 401 like everywhere.
 */
const STR_PERMISSIONS: Permission[] = ['aml.str.prepare', 'aml.str.file'];

function strGuard(needs: Permission, alsoOk: Permission[] = []) {
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    await requireActivated(req, reply);
    const u = currentUser(req);
    if (holds(u, needs) || alsoOk.some((p) => holds(u, p))) return;
    // A colleague in the STR flow learns which permission is missing; nobody else learns anything.
    if (STR_PERMISSIONS.some((p) => holds(u, p)))
      throw new HttpError(403, PERMISSION_TEXT.denied(needs), { permission: needs });
    throw new HttpError(404, `Route ${req.method} ${req.url.split('?')[0]} not found`);
  };
  guard.access = needs;
  return guard;
}
const anyStr = strGuard('aml.str.prepare', ['aml.str.file']);
const prepare = strGuard('aml.str.prepare');
const file = strGuard('aml.str.file');

const actor = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.userId, email: u.email, ip: requestIp(req) };
};

/** `/api/str-reports`: drafts from a case, the MLRO's four-eyes, the frozen exports, the FIU submission. */
export const strRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/str-reports',
    {
      preHandler: anyStr,
      schema: {
        tags: ['aml'],
        summary:
          'STRs, newest first, by status or a part of the reference or subject’s name; paged, X-Total-Count; or CSV (aml.str.prepare or aml.str.file)',
        security,
        querystring: strListQuerySchema,
        response: {
          200: z.union([z.array(strReportSchema), fileAnswer(['text/csv'], 'with format=csv: text/csv')]),
          ...apiErrors,
        },
      },
    },
    async (req, reply) => {
      if (req.query.format === 'json')
        return sendPage(reply, await strReports(app.db, req.query, pageWindow(req.query, 25)));
      const all = await strReports(app.db, req.query);
      const by = actor(req);
      // Who took the list of STRs out of the system, and which, is part of the compliance file.
      await writeAudit(app.db, {
        action: 'aml.str.export',
        outcome: 'success',
        actorId: by.id,
        actorEmail: by.email,
        ip: by.ip,
        targetType: 'aml_str',
        targetId: '-',
        details: { rows: all.rows.length, status: req.query.status ?? null, q: req.query.q ?? null },
      });
      setTotalCount(reply, all.total);
      return sendDownload(reply, 'csv', 'str-reports.csv', strsCsv(all.rows));
    },
  );

  app.post(
    '/str-reports',
    {
      preHandler: prepare,
      schema: {
        tags: ['aml'],
        summary: 'Drafts an STR from an AML case: subject, accounts, transactions, grounds, narrative',
        description: '201 with the draft; 409 when the case already has an STR in progress.',
        security,
        body: strDraftSchema,
        response: { 201: strReportSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const by = actor(req);
      const s = await app.db.transaction(async (tx) => {
        await checkDraft(tx, req.body);
        const id = await insertDraft(tx, req.body, by);
        await writeAudit(tx, {
          action: 'aml.str.draft',
          outcome: 'success',
          actorId: by.id,
          actorEmail: by.email,
          ip: by.ip,
          targetType: 'aml_str',
          targetId: id,
          details: { caseId: req.body.caseId, custId: req.body.custId },
        });
        return strReport(tx, id);
      });
      return reply.status(201).send(s);
    },
  );

  app.get(
    '/str-reports/from-case/:caseId',
    {
      preHandler: prepare,
      schema: {
        tags: ['aml'],
        summary:
          'What an STR drafted from a case starts with: subject, accounts, the alerts’ transactions, grounds',
        description: '`strId` names the case’s STR in progress, if any, to edit rather than draft twice.',
        security,
        params: strCaseParamSchema,
        response: { 200: strPrefillSchema, ...apiErrors },
      },
    },
    async (req) => {
      const by = actor(req);
      // The case's transactions are shown: a view of the case, audited as the case file's view is.
      return app.db.transaction(async (tx) => {
        const p = await strPrefill(tx, req.params.caseId);
        await writeAudit(tx, {
          action: 'aml.case_view',
          outcome: 'success',
          actorId: by.id,
          actorEmail: by.email,
          ip: by.ip,
          targetType: 'aml_case',
          targetId: p.caseId,
          details: { customerId: p.custId, for: 'str' },
        });
        return p;
      });
    },
  );

  app.get(
    '/str-reports/:id',
    {
      preHandler: anyStr,
      schema: {
        tags: ['aml'],
        summary: 'One STR',
        security,
        params: strParamSchema,
        response: { 200: strReportSchema, ...apiErrors },
      },
    },
    async (req) => strReport(app.db, req.params.id),
  );

  app.put(
    '/str-reports/:id',
    {
      preHandler: prepare,
      schema: {
        tags: ['aml'],
        summary: 'Edits a draft STR (409 once sent for approval)',
        security,
        params: strParamSchema,
        body: strDraftSchema,
        response: { 200: strReportSchema, ...apiErrors },
      },
    },
    async (req) => {
      const by = actor(req);
      return app.db.transaction(async (tx) => {
        await checkDraft(tx, req.body);
        await updateDraft(tx, req.params.id, req.body);
        await writeAudit(tx, {
          action: 'aml.str.edit',
          outcome: 'success',
          actorId: by.id,
          actorEmail: by.email,
          ip: by.ip,
          targetType: 'aml_str',
          targetId: req.params.id,
        });
        return strReport(tx, req.params.id);
      });
    },
  );

  app.post(
    '/str-reports/:id/submit',
    {
      preHandler: prepare,
      schema: {
        tags: ['aml'],
        summary: 'Sends a draft STR to the MLRO (aml.str_file approval); 202 with the approval',
        security,
        params: strParamSchema,
        response: { 202: approvalCreatedSchema, ...apiErrors },
      },
    },
    async (req, reply) => {
      const by = actor(req);
      const approvalId = await app.db.transaction(async (tx) => {
        const s = await strReport(tx, req.params.id, true);
        // A request that expired with its business day leaves the STR waiting: it may be sent again.
        const [stale] = await queryRows<{ stale: boolean }>(
          tx,
          sql`select not exists (select 1 from approval_requests a where a.id = ${s.approvalId}::uuid
                and ${stillPendingSql(sql.raw('a'))}) as stale`,
        );
        if (s.status !== 'draft' && !(s.status === 'pending_approval' && stale!.stale))
          throw conflict(STR_TEXT.notDraft);
        const id = await requestApproval(tx, {
          type: STR_APPROVAL,
          subjectType: 'aml_str',
          subjectId: s.id,
          command: { strId: s.id },
          // The inbox shows it only to holders of aml.str.file (the policy's approve permission).
          after: { reference: s.reference, customer: s.customerName, grounds: s.grounds },
          maker: by,
          branch: null,
        });
        await tx.execute(sql`update aml_str_reports set status = 'pending_approval', approval_id = ${id}::uuid
            where id = ${s.id}::uuid`);
        return id;
      });
      return reply.status(202).send({ approvalId });
    },
  );

  app.get(
    '/str-reports/:id/:format',
    {
      preHandler: anyStr,
      schema: {
        tags: ['aml'],
        summary: 'The approved STR as goAML XML (as frozen at approval) or PDF; 409 before approval',
        security,
        params: strFileParamSchema,
        response: { 200: fileAnswer(['application/xml', 'application/pdf'], 'xml or pdf'), ...apiErrors },
      },
    },
    async (req, reply) => {
      const { id, format } = req.params;
      const s = await strReport(app.db, id);
      if (s.status !== 'approved' && s.status !== 'submitted') throw conflict(STR_TEXT.notFrozen);
      void reply.header('cache-control', 'no-store');
      void reply.header('content-disposition', `attachment; filename="${strFileName(s.reference, format)}"`);
      if (format === 'pdf') return reply.type('application/pdf').send(strPdf(s));
      const [x] = await queryRows<{ xml: string }>(
        app.db,
        sql`select xml from aml_str_reports where id = ${id}::uuid`,
      );
      void reply.header('x-content-sha256', s.contentHash);
      return reply.type('application/xml; charset=utf-8').send(x!.xml);
    },
  );

  app.post(
    '/str-reports/:id/submission',
    {
      preHandler: file,
      schema: {
        tags: ['aml'],
        summary: 'Records the FIU’s submission date and reference of an approved STR, once (MLRO)',
        security,
        params: strParamSchema,
        body: fiuSubmissionSchema,
        response: { 200: strReportSchema, ...apiErrors },
      },
    },
    async (req) => {
      const by = actor(req);
      return app.db.transaction(async (tx) => {
        const s = await strReport(tx, req.params.id, true);
        if (s.status === 'submitted') throw conflict(STR_TEXT.submittedTwice);
        if (s.status !== 'approved') throw conflict(STR_TEXT.notApproved);
        await tx.execute(sql`update aml_str_reports set status = 'submitted', fiu_submitted_on = ${req.body.submittedOn}::date,
            fiu_reference = ${req.body.reference}, submitted_by = ${by.email}, submitted_at = now()
            where id = ${s.id}::uuid`);
        await writeAudit(tx, {
          action: 'aml.str.submitted',
          outcome: 'success',
          actorId: by.id,
          actorEmail: by.email,
          ip: by.ip,
          targetType: 'aml_str',
          targetId: s.id,
          details: { submittedOn: req.body.submittedOn, reference: req.body.reference },
        });
        return strReport(tx, s.id);
      });
    },
  );
};
