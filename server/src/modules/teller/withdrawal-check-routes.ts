import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APPROVAL_POLICIES, TELLER_TEXT, withdrawalCheckSchema } from '@bankmanager/contracts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { notFound } from '../../lib/http-error.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';
import { cashAccount } from './account-lookup.ts';
import { transactionById } from './transaction-repository.ts';

/**
 * GET /api/teller/withdrawals/:id/check: the holder and the available balance for the checker of a
 * withdrawal over the teller's limit (the permission that approves it, in the withdrawal's branch).
 */
export const withdrawalCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/teller/withdrawals/:id/check',
    {
      preHandler: requirePermission(APPROVAL_POLICIES['teller.withdrawal'].approvePermission),
      schema: {
        tags: ['teller'],
        summary: 'A withdrawal’s holder and the account’s available balance, for its approval',
        security,
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: withdrawalCheckSchema, ...apiErrors },
      },
    },
    async (req) => {
      const t = await transactionById(app.db, String(req.params.id));
      if (!t || t.kind !== 'withdrawal') throw notFound(TELLER_TEXT.noTransaction);
      assertBranch(req, t.branch);
      const a = await cashAccount(app.db, t.accountNumber);
      return {
        transactionId: t.id,
        status: t.status,
        customerId: Number(a.custId),
        accountNumber: t.accountNumber,
        accountName: t.accountName,
        currency: t.currency,
        amount: t.amount,
        available: a.available,
      };
    },
  );
};
