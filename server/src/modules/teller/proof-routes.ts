import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  branchDiffQuerySchema,
  branchDiffSchema,
  dailyDiffQuerySchema,
  dailyDiffSchema,
  proofFileName,
  proofReportQuerySchema,
  proofReportSchema,
} from '@bankmanager/contracts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { pdfOrCsvReport } from '../../lib/openapi-docs.ts';
import { badRequest } from '../../lib/http-error.ts';
import { requirePermission } from '../auth/index.ts';
import { branchDiff, dailyDiff, proofReport } from './proof.ts';
import { proofCsv, proofPdf, type ProofData } from './proof-export.ts';
import { scopedBranch } from './scope.ts';
import { sendDownload } from '../../lib/downloads.ts';

/** One branch: the one asked for (within scope) or the caller's home branch. */
function oneBranch(req: FastifyRequest, asked: string | undefined): string {
  const b = scopedBranch(req, asked);
  if (!b || b === '(none)')
    throw badRequest('Choose a branch', [{ path: '/branch', message: 'Choose a branch' }]);
  return b;
}

const dayBefore = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

function send(reply: FastifyReply, format: 'json' | 'csv' | 'pdf', p: ProofData, what: string) {
  void reply.header('cache-control', 'no-store');
  if (format === 'json') return p.data;
  const body = format === 'csv' ? proofCsv(p) : proofPdf(p);
  return sendDownload(reply, format, proofFileName(p.report, what, format), body);
}

/**
 * Proof (docs/teller.md): each teller's day, the daily differences and the branch differences, as
 * JSON, CSV or PDF. The head teller's job: `teller.vault`.
 */
export const proofRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requirePermission('teller.vault');

  app.get(
    '/teller/proof/report',
    {
      preHandler: guard,
      schema: {
        tags: ['teller'],
        summary: 'Each till session of a branch’s business day: counts, totals by type, cash position',
        security,
        querystring: proofReportQuerySchema,
        response: { 200: z.union([proofReportSchema, pdfOrCsvReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = oneBranch(req, req.query.branch);
      const date = req.query.date ?? (await currentBusinessDate(app.db));
      const data = await proofReport(app.db, branch, date);
      return send(reply, req.query.format, { report: 'proof', data }, `${branch}-${date}`);
    },
  );

  app.get(
    '/teller/proof/daily-diff',
    {
      preHandler: guard,
      schema: {
        tags: ['teller'],
        summary: 'Shortages and overages per business day and currency (the last 30 days by default)',
        security,
        querystring: dailyDiffQuerySchema,
        response: { 200: z.union([dailyDiffSchema, pdfOrCsvReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = oneBranch(req, req.query.branch);
      const to = req.query.to ?? (await currentBusinessDate(app.db));
      const from = req.query.from ?? dayBefore(to, 30);
      if (from > to)
        throw badRequest('The start date is after the end date', [{ path: '/from', message: 'after to' }]);
      const data = await dailyDiff(app.db, branch, from, to);
      return send(reply, req.query.format, { report: 'daily-diff', data }, `${branch}-${from}-to-${to}`);
    },
  );

  app.get(
    '/teller/proof/branch-diff',
    {
      preHandler: guard,
      schema: {
        tags: ['teller'],
        summary: 'Per branch: teller cash GL against the cash in tills, the vault, the day’s differences',
        security,
        querystring: branchDiffQuerySchema,
        response: { 200: z.union([branchDiffSchema, pdfOrCsvReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const branch = scopedBranch(req, undefined);
      const today = await currentBusinessDate(app.db);
      const date = req.query.date ?? today;
      const data = await branchDiff(app.db, date, date >= today, branch);
      return send(reply, req.query.format, { report: 'branch-diff', data }, date);
    },
  );
};
