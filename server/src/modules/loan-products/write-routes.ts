import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  LOAN_PRODUCT_TEXT,
  approvalCreatedSchema,
  loanProductChangeSchema,
  loanProductCreateSchema,
} from '@bankmanager/contracts';
import { conflict } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { requestApproval } from '../approvals/index.ts';
import { LOAN_PRODUCT_APPROVAL, type LoanProductCommand } from './commands.ts';
import { getLoanProduct, loanProductFingerprint } from './product-rows.ts';
import { codeParam } from './read-routes.ts';
import { invalid, loanGlProblems, type Problem } from './validation.ts';

const approvalAnswer = { 202: approvalCreatedSchema, ...apiErrors };

/**
 * `POST /api/loan-products` and `PUT /api/loan-products/:code`: both only store a
 * `loan_product.change` request (202); nothing changes until another holder of
 * `loan_products.manage` approves it.
 */
export const loanProductWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ask = (
    req: FastifyRequest,
    code: string,
    command: LoanProductCommand,
    before: unknown,
    version: string,
  ) => {
    const u = currentUser(req);
    return app.db.transaction((tx) =>
      requestApproval(tx, {
        type: LOAN_PRODUCT_APPROVAL,
        subjectType: 'loan_product',
        subjectId: code,
        command,
        before,
        after: command,
        subjectVersion: version,
        maker: { id: u.userId, email: u.email, ip: requestIp(req) },
        // A product serves every branch: bank-wide, decided with branches.all.
        branch: null,
      }),
    );
  };

  app.post(
    '/loan-products',
    {
      preHandler: requirePermission('loan_products.manage'),
      schema: {
        tags: ['loan-products'],
        summary: 'Requests a new loan product with version 1 of its terms (four-eyes, loan_product.change)',
        security,
        body: loanProductCreateSchema,
        response: approvalAnswer,
      },
    },
    async (req, reply) => {
      const b = req.body;
      const problems = await loanGlProblems(app.db, b.gl, b.currency);
      if (problems.length > 0) throw invalid(problems);
      if ((await loanProductFingerprint(app.db, b.code)) !== 'none')
        throw conflict(LOAN_PRODUCT_TEXT.duplicate, { code: 'product_exists' });
      const approvalId = await ask(req, b.code, { kind: 'create', ...b }, null, 'none');
      return reply.status(202).send({ approvalId });
    },
  );

  app.put(
    '/loan-products/:code',
    {
      preHandler: requirePermission('loan_products.manage'),
      schema: {
        tags: ['loan-products'],
        summary: 'Requests a change: new terms (a new version, for new loans), name, status, GL (four-eyes)',
        security,
        params: codeParam,
        body: loanProductChangeSchema,
        response: approvalAnswer,
      },
    },
    async (req, reply) => {
      const b = req.body;
      // The fingerprint is read before the row, so a change approved in between makes this request stale.
      const version = await loanProductFingerprint(app.db, req.params.code);
      const p = await getLoanProduct(app.db, req.params.code);
      const problems: Problem[] = b.gl ? await loanGlProblems(app.db, b.gl, p.currency) : [];
      // Existing loans are the portfolio account's sub-ledger: moving it would move balances without a journal.
      if (b.gl && b.gl.portfolio !== p.gl.portfolio)
        problems.push({ path: '/gl/portfolio', message: LOAN_PRODUCT_TEXT.portfolioFixed });
      if (problems.length > 0) throw invalid(problems);
      if (!b.terms && !b.gl && b.name === undefined && b.status === undefined)
        throw invalid([{ path: '/terms', message: LOAN_PRODUCT_TEXT.nothingToChange }]);
      const { versions: _all, ...current } = p;
      const approvalId = await ask(req, p.code, { kind: 'change', code: p.code, ...b }, current, version);
      return reply.status(202).send({ approvalId });
    },
  );
};
