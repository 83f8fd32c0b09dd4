import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEPOSIT_PRODUCT_TYPES,
  PRODUCT_STATUSES,
  PRODUCT_TEXT,
  currencySchema,
  productSchema,
  type Product,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { notFound } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requirePermission } from '../auth/index.ts';
import { getProduct, inForce, productRows, versionsOf, type ProductRow } from './product-rows.ts';

export const codeParam = z.object({ code: z.string().min(1).max(12) });

/** A product with the version in force on `today` as `terms`; `versions` only when asked for. */
function view(p: ProductRow, versions: Product['versions'], today: string, all: boolean): Product | null {
  const terms = inForce(versions, today);
  // A product with no version at all (the test fixtures, rows older than versioned terms) has no terms
  // to show.
  if (!terms) return null;
  const { version: _v, approvedBy: _b, approvedAt: _a, ...t } = terms;
  return { ...p, terms: t, versions: all ? versions : [] };
}

export async function listProducts(db: Database, filter: Parameters<typeof productRows>[1]) {
  const [today, rows] = await Promise.all([currentBusinessDate(db), productRows(db, filter)]);
  const versions = await versionsOf(
    db,
    rows.map((r) => r.code),
  );
  return rows.flatMap((r, i) => view(r, versions[i]!, today, false) ?? []);
}

/**
 * `GET /api/products` and `/products/:code`. Reading needs `enquiries.read`: account officers, tellers
 * and CSOs open accounts and quote rates, while changing a product needs `products.manage`.
 */
export const productReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['products'],
        summary: 'Deposit products with the terms in force on the business date and their open accounts',
        security,
        querystring: z.object({
          type: z.enum(DEPOSIT_PRODUCT_TYPES).optional(),
          currency: currencySchema.optional(),
          status: z.enum(PRODUCT_STATUSES).optional(),
        }),
        response: { 200: z.array(productSchema), ...apiErrors },
      },
    },
    async (req) => listProducts(app.db, req.query),
  );

  app.get(
    '/products/:code',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['products'],
        summary: 'One deposit product with every version of its terms, newest first',
        security,
        params: codeParam,
        response: { 200: productSchema, ...apiErrors },
      },
    },
    async (req) => {
      const p = await getProduct(app.db, req.params.code);
      const [today, [versions]] = await Promise.all([
        currentBusinessDate(app.db),
        versionsOf(app.db, [p.code]),
      ]);
      const v = view(p, versions!, today, true);
      if (!v) throw notFound(PRODUCT_TEXT.notFound);
      return v;
    },
  );
};
