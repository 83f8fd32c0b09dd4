import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loanProductListQuerySchema, loanProductSchema } from '@bankmanager/contracts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requirePermission } from '../auth/index.ts';
import { getLoanProduct, listLoanProducts } from './product-rows.ts';

export const LOAN_PRODUCTS_PAGE_SIZE = 25;
export const codeParam = z.object({ code: z.string().min(1).max(12) });

/**
 * `GET /api/loan-products` and `/loan-products/:code`. Reading needs `enquiries.read`, as deposit
 * products do: officers quote a product's ranges and rates; defining one needs `loan_products.manage`.
 */
export const loanProductReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loan-products',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['loan-products'],
        summary: 'Loan products with the terms new loans are written under; paged, sorted; X-Total-Count',
        security,
        querystring: loanProductListQuerySchema,
        response: { 200: z.array(loanProductSchema), ...apiErrors },
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listLoanProducts(app.db, req.query, pageWindow(req.query, LOAN_PRODUCTS_PAGE_SIZE)),
      ),
  );

  app.get(
    '/loan-products/:code',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['loan-products'],
        summary: 'One loan product with every version of its terms, newest first',
        security,
        params: codeParam,
        response: { 200: loanProductSchema, ...apiErrors },
      },
    },
    async (req) => getLoanProduct(app.db, req.params.code),
  );
};
