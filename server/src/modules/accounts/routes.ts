import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_ENQUIRY_TEXT,
  accountNumberSchema,
  accountExportFileName,
  accountDetailsSchema,
  statementQuerySchema,
  STATEMENT_END_AFTER_TODAY,
  transactionsPageSchema,
  transactionsQuerySchema,
} from '@bankmanager/contracts';
import type { FastifyRequest as Req } from 'fastify';
import type { Database } from '../../db/client.ts';
import { apiErrors, bearerSecurity } from '../../lib/route-schemas.ts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { assertBranch, currentUser, inBranchScope, requirePermission } from '../auth/index.ts';
import { findAccount, listTransactions, type AccountRef } from './repository.ts';
import { buildStatement } from './statement.ts';
import { decodeCursor } from './cursor.ts';
import { statementCsv } from './statement-csv.ts';
import { statementPdf } from './statement-pdf.ts';

const errors = apiErrors;
const security = bearerSecurity;
// Check digits validated before any lookup (ADR 0019): a typo is 400 with the contracts' message.
const numberParam = z.object({ number: accountNumberSchema });

/** Who looked at which account, and when: every lookup is an audit row, found or not. */
async function auditedFind(
  db: Database,
  req: Req,
  number: string,
  action: string,
  details: Record<string, unknown> = {},
): Promise<AccountRef> {
  const u = currentUser(req);
  const account = await findAccount(db, number);
  // Branch scope (ADR 0015): an account of another branch is refused, and the attempt audited.
  const otherBranch = account !== null && !inBranchScope(req, account.branchCode);
  await writeAudit(db, {
    action,
    outcome: !account ? 'failure' : otherBranch ? 'denied' : 'success',
    actorId: u.userId,
    actorEmail: u.email,
    ip: requestIp(req),
    targetType: 'account',
    targetId: number,
    details: !account
      ? { ...details, reason: 'not_found' }
      : otherBranch
        ? { ...details, reason: 'other_branch', branch: account.branchCode }
        : details,
  });
  if (!account) throw notFound(ACCOUNT_ENQUIRY_TEXT.notFound(number));
  assertBranch(req, account.branchCode);
  return account;
}

/** Account Enquiry (docs/product.md §2): details, keyset-paged history, statements as PDF or CSV. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounts/:number',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['accounts'],
        summary: 'Account details (audited view)',
        security,
        params: numberParam,
        response: { 200: accountDetailsSchema, ...errors },
      },
    },
    async (req) => {
      const a = await auditedFind(app.db, req, req.params.number, 'account.view');
      return {
        accountNumber: a.accountNumber,
        accountName: a.accountName,
        accountType: a.accountType,
        balance: a.balance,
        currency: a.currency,
        status: a.status,
        dateOpened: a.dateOpened,
        branch: a.branch,
        customerId: a.custId,
        held: a.held,
        available: a.available,
        blockKind: a.blockKind,
        lastActivity: a.lastActivity ?? null,
      };
    },
  );

  app.get(
    '/accounts/:number/transactions',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['accounts'],
        summary: 'Transactions, newest first, keyset-paged with `cursor`',
        security,
        params: numberParam,
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema, ...errors },
      },
    },
    async (req) => {
      // A bad cursor is refused before the lookup is audited as a successful view.
      if (req.query.cursor !== undefined) decodeCursor(req.query.cursor);
      const a = await auditedFind(app.db, req, req.params.number, 'account.view_transactions', {
        cursor: req.query.cursor ?? null,
      });
      return listTransactions(app.db, a.id, req.query.limit, req.query.cursor);
    },
  );

  app.get(
    '/accounts/:number/statement',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['accounts'],
        summary: 'Statement for a period as PDF (streamed) or CSV',
        security,
        params: numberParam,
        querystring: statementQuerySchema,
        response: {
          200: fileAnswer(
            ['application/pdf', 'text/csv'],
            'with format=pdf: application/pdf; with format=csv: text/csv',
          ),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const { from, to, format } = req.query;
      // A statement for days not yet booked would look final while postings can still land on them.
      if (to > (await currentBusinessDate(app.db)))
        throw badRequest('Invalid request', [{ path: '/to', message: STATEMENT_END_AFTER_TODAY }]);
      const a = await auditedFind(app.db, req, req.params.number, 'account.statement', { from, to, format });
      const statement = await buildStatement(app.db, a, from, to);
      void reply.header('cache-control', 'no-store');
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${accountExportFileName(a.accountNumber, from, to, 'csv')}"`,
          )
          .send(statementCsv(statement));
      }
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${accountExportFileName(a.accountNumber, from, to, 'pdf')}"`,
        )
        .send(statementPdf(statement));
    },
  );
};
