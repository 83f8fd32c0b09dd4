import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountActionsFrom,
  accountListQuerySchema,
  accountManageViewSchema,
  accountRowSchema,
} from '@bankmanager/contracts';
import { sql } from 'drizzle-orm';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { pageWindow, sendPage } from '../../lib/paging.ts';
import { bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, listBranch, requirePermission } from '../auth/index.ts';
import { stillPendingSql } from '../approvals/index.ts';
import { creditRateFor, termsInForce } from '../products/index.ts';
import { loadAccount, toRow } from './account-row.ts';
import { listHolds } from './holds.ts';
import { listAccounts } from './list.ts';
import { errors, mayAsk, numberParam } from './route-support.ts';
import { accruedInterestOf } from '../eod/index.ts';

export const ACCOUNTS_PAGE_SIZE = 25;

/** `GET /api/accounts` (the managers' lists) and `GET /api/accounts/:number/manage`. */
export const accountReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounts',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['accounts'],
        summary:
          'Accounts: by customer, number prefix or holder name, status, type, product, branch; X-Total-Count',
        security,
        querystring: accountListQuerySchema,
        response: { 200: z.array(accountRowSchema), ...errors },
      },
    },
    async (req, reply) => {
      const branch = listBranch(req, req.query.branch);
      return sendPage(
        reply,
        await listAccounts(app.db, req.query, branch, pageWindow(req.query, ACCOUNTS_PAGE_SIZE)),
      );
    },
  );

  app.get(
    '/accounts/:number/manage',
    {
      preHandler: requirePermission('enquiries.read'),
      schema: {
        tags: ['accounts'],
        summary:
          'One account for the managers: holds, rate in force, pending requests, the actions the caller may take',
        security,
        params: numberParam,
        response: { 200: accountManageViewSchema, ...errors },
      },
    },
    async (req) => {
      const a = await loadAccount(app.db, req.params.number);
      assertBranch(req, a.branch);
      const businessDate = await currentBusinessDate(app.db);
      const terms = await termsInForce(app.db, a.productCode, businessDate);
      const [p] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from approval_requests where subject_type = 'account'
              and subject_id = ${a.accountNumber} and ${stillPendingSql()}`,
      );
      return {
        ...toRow(a),
        holds: await listHolds(app.db, a.id),
        rateInForce: terms ? creditRateFor(terms, a.balance) : '0',
        // Accrued daily by end of day, booked to the GL in cents, not yet posted to the account.
        accruedInterest: await accruedInterestOf(app.db, a.id),
        pendingApprovals: Number(p!.n),
        actions: accountActionsFrom(a.status, a.blockKind, { openedOn: a.openedOn, businessDate }).filter(
          (x) => mayAsk(req, x),
        ),
      };
    },
  );
};
