import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  accountNumberSchema,
  balanceSheetSchema,
  glReportFileName,
  glStatementQuerySchema,
  glStatementSchema,
  incomeStatementSchema,
  postingLegsSchema,
  periodQuerySchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
  type GlReportFormat,
} from '@bankmanager/contracts';
import { apiErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { pdfOrCsvReport } from '../../lib/openapi-docs.ts';
import { assertBranch, currentUser, inBranchScope, requirePermission } from '../auth/index.ts';
import { entryBranches } from '../ledger/index.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { notFound } from '../../lib/http-error.ts';
import { postingLegs } from './posting-legs.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { buildTrialBalance } from './trial-balance.ts';
import { buildBalanceSheet, buildIncomeStatement } from './statements.ts';
import { buildGlStatement } from './gl-statement.ts';
import { trialBalanceCsv, trialBalancePdf } from './trial-balance-export.ts';
import {
  balanceSheetCsv,
  balanceSheetPdf,
  incomeStatementCsv,
  incomeStatementPdf,
} from './statements-export.ts';
import { glStatementCsv, glStatementPdf } from './gl-statement-export.ts';
import { sendDownload } from '../../lib/downloads.ts';

const legsParams = z.object({
  // Check digits validated before any lookup (ADR 0019).
  number: accountNumberSchema,
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a posting id'),
});
const codeParam = z.object({ code: z.string().trim().min(1).max(20) });

/** Sends the report as JSON, or as a named PDF / CSV download of the same figures. */
function send<T>(
  reply: FastifyReply,
  format: GlReportFormat,
  report: T,
  name: { what: string; period: string },
  render: { csv: (r: T) => string; pdf: (r: T) => PDFKit.PDFDocument },
) {
  void reply.header('cache-control', 'no-store');
  if (format === 'json') return report;
  const filename = glReportFileName(name.what, name.period, format);
  return sendDownload(reply, format, filename, format === 'csv' ? render.csv(report) : render.pdf(report));
}

/**
 * The general ledger's reports (docs/ledger.md), read-only: trial balance, balance sheet, income
 * statement and a GL account's statement, each as JSON, PDF or CSV.
 */
export const glReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { preHandler: requirePermission('reports.read') };
  app.get(
    '/gl/trial-balance',
    {
      ...opts,
      schema: {
        tags: ['general ledger'],
        summary: 'Trial balance at the end of a date: rows per GL account and currency, totals per currency',
        security,
        querystring: trialBalanceQuerySchema,
        response: { 200: z.union([trialBalanceSchema, pdfOrCsvReport]), ...errors },
      },
    },
    async (req, reply) => {
      const { value: tb } = await app.reportReads.run(reply, async (db) =>
        buildTrialBalance(db, req.query.date ?? (await currentBusinessDate(db))),
      );
      const name = { what: 'trial-balance', period: tb.date };
      return send(reply, req.query.format, tb, name, { csv: trialBalanceCsv, pdf: trialBalancePdf });
    },
  );

  app.get(
    '/gl/balance-sheet',
    {
      ...opts,
      schema: {
        tags: ['general ledger'],
        summary: 'Balance sheet at the end of a date',
        security,
        querystring: trialBalanceQuerySchema,
        response: { 200: z.union([balanceSheetSchema, pdfOrCsvReport]), ...errors },
      },
    },
    async (req, reply) => {
      const { value: s } = await app.reportReads.run(reply, async (db) =>
        buildBalanceSheet(db, req.query.date ?? (await currentBusinessDate(db))),
      );
      const name = { what: 'balance-sheet', period: s.date };
      return send(reply, req.query.format, s, name, { csv: balanceSheetCsv, pdf: balanceSheetPdf });
    },
  );

  app.get(
    '/gl/income-statement',
    {
      ...opts,
      schema: {
        tags: ['general ledger'],
        summary: 'Income statement for the business dates from…to',
        security,
        querystring: periodQuerySchema,
        response: { 200: z.union([incomeStatementSchema, pdfOrCsvReport]), ...errors },
      },
    },
    async (req, reply) => {
      const { from, to, format } = req.query;
      const { value: s } = await app.reportReads.run(reply, (db) => buildIncomeStatement(db, from, to));
      const name = { what: 'income-statement', period: from ? `${from}-to-${to}` : `to-${to}` };
      return send(reply, format, s, name, { csv: incomeStatementCsv, pdf: incomeStatementPdf });
    },
  );

  app.get(
    '/gl/accounts/:code/statement',
    {
      ...opts,
      schema: {
        tags: ['general ledger'],
        summary: 'Lines of one GL account, keyset-paged with `cursor`, with opening and closing balances',
        security,
        params: codeParam,
        querystring: glStatementQuerySchema,
        response: { 200: z.union([glStatementSchema, pdfOrCsvReport]), ...errors },
      },
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      // The screen's pages stay on the primary (a journal just posted shows at once); the whole-period
      // download is the heavy read, and goes to the read replica when one is configured (ADR 0054).
      const s =
        format === 'json'
          ? await buildGlStatement(app.db, req.params.code, q, false)
          : (await app.reportReads.run(reply, (db) => buildGlStatement(db, req.params.code, q, true))).value;
      const name = { what: `gl-${s.code}-${s.currency}`, period: `${s.from}-to-${s.to}` };
      return send(reply, format, s, name, { csv: glStatementCsv, pdf: glStatementPdf });
    },
  );

  app.get(
    '/accounts/:number/transactions/:id/legs',
    {
      ...opts,
      schema: {
        tags: ['general ledger'],
        summary:
          "A customer posting's journal entry and its other lines (where the money came from or went to)",
        security,
        params: legsParams,
        response: { 200: postingLegsSchema, ...errors },
      },
    },
    async (req) => {
      const { number, id } = req.params;
      const legs = await postingLegs(app.db, number, id);
      const u = currentUser(req);
      // Branch scope as for Account Enquiry: every line of the entry must be in the caller's branches.
      const branches = legs ? await entryBranches(app.db, Number(legs.entry_id)) : [];
      const otherBranch = branches.find((b) => !inBranchScope(req, b));
      // Other customers' account numbers show here: who looked is recorded, as for Account Enquiry.
      await writeAudit(app.db, {
        action: 'account.view_legs',
        outcome: !legs ? 'failure' : otherBranch ? 'denied' : 'success',
        actorId: u.userId,
        actorEmail: u.email,
        ip: requestIp(req),
        targetType: 'account',
        targetId: number,
        details: {
          transactionId: id,
          ...(!legs
            ? { reason: 'not_found' }
            : {
                entryId: legs.entry_id,
                ...(otherBranch && { reason: 'other_branch', branch: otherBranch }),
              }),
        },
      });
      if (!legs) throw notFound(`No posting ${id} on account ${number}.`);
      if (otherBranch) assertBranch(req, otherBranch);
      return legs;
    },
  );
};
