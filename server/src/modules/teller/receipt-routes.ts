import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptFileName, TELLER_TEXT } from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { fileAnswer } from '../../lib/openapi-docs.ts';
import { notFound } from '../../lib/http-error.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';
import { receiptPdf } from './receipt.ts';
import { transactionByEntry } from './transaction-repository.ts';

/** GET /api/journal-entries/:id/receipt.pdf: the cash receipt of a teller's posting. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/journal-entries/:id/receipt.pdf',
    {
      preHandler: requirePermission('teller.cash'),
      schema: {
        tags: ['teller'],
        summary:
          'The receipt of a cash deposit or withdrawal (reference, amount in figures and words, names)',
        security,
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: fileAnswer(['application/pdf'], 'The receipt as PDF'), ...apiErrors },
      },
    },
    async (req, reply) => {
      const t = await transactionByEntry(app.db, req.params.id);
      if (!t) throw notFound(TELLER_TEXT.notATellerTransaction);
      assertBranch(req, t.branch);
      void reply.header('cache-control', 'no-store');
      void reply.header(
        'content-disposition',
        `inline; filename="${receiptFileName(String(req.params.id))}"`,
      );
      return reply.type('application/pdf').send(receiptPdf(t));
    },
  );
};
