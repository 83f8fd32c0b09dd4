import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOAN_REPAYMENTS_SHOWN,
  LOAN_TEXT_DISBURSE,
  loanIdParam,
  loanRepaymentListSchema,
  type LoanRepaymentRow,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';

/**
 * `GET /api/loans/:id/repayments`: the loan's repayments, and the recoveries once it is written off
 * (written-off.ts keeps those apart: income, not principal), newest first, each with the journal entry
 * whose reversal the loan 360's "Reverse" asks for (`loans.read` in the loan's branch). A loan has
 * about one a period, so the newest LOAN_REPAYMENTS_SHOWN cover it, like the 360's transactions.
 */
export const loanRepaymentListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loans/:id/repayments',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loans'],
        summary: 'The loan’s repayments, newest first, with the journal entry each posted',
        security,
        params: loanIdParam,
        response: { 200: loanRepaymentListSchema, ...apiErrors },
      },
    },
    async (req) => {
      const [l] = await queryRows<{ branch: string }>(
        app.db,
        sql`select branch_code as branch from loans where id = ${req.params.id}`,
      );
      if (!l) throw notFound(LOAN_TEXT_DISBURSE.notFound);
      assertBranch(req, l.branch);
      const rows = await queryRows<LoanRepaymentRow>(
        app.db,
        sql`select id, reference, channel, "valueDate", amount, principal, interest, fee, penalty, "entryId",
                   reversed, recovery
              from (
              select id::int, reference, channel, value_date::text as "valueDate", amount::text, principal::text,
                     interest::text, fee::text, penalty::text, entry_id::text as "entryId",
                     reversal_entry_id is not null as reversed, false as recovery, created_at as at
                from loan_repayments where loan_id = ${req.params.id}
              union all
              select id::int, reference, channel, value_date::text, amount::text, '0.00', '0.00', '0.00', '0.00',
                     entry_id::text, reversal_entry_id is not null, true, at
                from loan_recoveries where loan_id = ${req.params.id}) r
             order by at desc, id desc limit ${LOAN_REPAYMENTS_SHOWN}`,
      );
      return { rows };
    },
  );
};
