import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  PRODUCT_TEXT,
  approvalCreatedSchema,
  productChangeSchema,
  productCreateSchema,
} from '@bankmanager/contracts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { conflict } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, requirePermission } from '../auth/index.ts';
import { requestApproval } from '../approvals/index.ts';
import { assertNoVersionOn, type ProductCommand } from './commands.ts';
import { getProduct, productFingerprint, productRows } from './product-rows.ts';
import { codeParam } from './read-routes.ts';
import { glProblems, invalid, termsProblems } from './validation.ts';

const approvalAnswer = { 202: approvalCreatedSchema, ...apiErrors };

/**
 * `POST /api/products` and `PUT /api/products/:code`: both only make a `product.change` request (202);
 * nothing changes until another holder of `products.manage` approves it (docs/deposits.md).
 */
export const productWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ask = (
    req: FastifyRequest,
    code: string,
    command: ProductCommand,
    before: unknown,
    version: string,
  ) => {
    const u = currentUser(req);
    return app.db.transaction((tx) =>
      requestApproval(tx, {
        type: 'product.change',
        subjectType: 'product',
        subjectId: code,
        command,
        before,
        after: command,
        subjectVersion: version,
        maker: { id: u.userId, email: u.email, ip: requestIp(req) },
        // Products serve every branch: bank-wide, decided with branches.all.
        branch: null,
      }),
    );
  };

  app.post(
    '/products',
    {
      preHandler: requirePermission('products.manage'),
      schema: {
        tags: ['products'],
        summary: 'Requests a new deposit product with version 1 of its terms (four-eyes, product.change)',
        security,
        body: productCreateSchema,
        response: approvalAnswer,
      },
    },
    async (req, reply) => {
      const b = req.body;
      const today = await currentBusinessDate(app.db);
      const problems = [
        ...termsProblems(b.accountType, b.terms, today),
        ...(await glProblems(app.db, b.gl, b.currency)),
      ];
      if (problems.length > 0) throw invalid(problems);
      // Any product, the loan one included: the code is the primary key of them all.
      if ((await productFingerprint(app.db, b.code)) !== 'none')
        throw conflict(PRODUCT_TEXT.duplicate, { code: 'product_exists' });
      const approvalId = await ask(req, b.code, { kind: 'create', ...b }, null, 'none');
      return reply.status(202).send({ approvalId });
    },
  );

  app.put(
    '/products/:code',
    {
      preHandler: requirePermission('products.manage'),
      schema: {
        tags: ['products'],
        summary:
          'Requests a change: a new terms version from a date, and/or name, status, GL mappings (four-eyes)',
        security,
        params: codeParam,
        body: productChangeSchema,
        response: approvalAnswer,
      },
    },
    async (req, reply) => {
      const b = req.body;
      // The fingerprint is read before the row, so a change approved in between makes this request stale.
      const version = await productFingerprint(app.db, req.params.code);
      const p = await getProduct(app.db, req.params.code);
      const today = await currentBusinessDate(app.db);
      const problems = [
        ...(b.terms ? termsProblems(p.accountType, b.terms, today) : []),
        ...(b.gl ? await glProblems(app.db, b.gl, p.currency) : []),
      ];
      // The database refuses another control account (balances would move without a journal).
      if (b.gl && b.gl.control !== p.gl.control)
        problems.push({ path: '/gl/control', message: 'The control account of a product cannot change' });
      if (problems.length > 0) throw invalid(problems);
      if (b.terms) await assertNoVersionOn(app.db, p.code, b.terms.effectiveFrom);
      if (!b.terms && !b.gl && b.name === undefined && b.status === undefined)
        throw invalid([
          { path: '/terms', message: 'Nothing to change: give new terms, a name, a status or GL mappings' },
        ]);
      const [current] = await productRows(app.db, { code: p.code });
      const approvalId = await ask(req, p.code, { kind: 'change', code: p.code, ...b }, current, version);
      return reply.status(202).send({ approvalId });
    },
  );
};
