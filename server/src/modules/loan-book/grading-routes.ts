import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loanGradingSchema,
  loanIdParam,
  type LoanGrading,
  type LoanRestructuring,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';
import { registerClassChange, loanClassRoutes } from './class-buckets.ts';
import { loanDowngradeRoutes, registerDowngrade } from './downgrade.ts';
import { gradedLoan } from './grading-lock.ts';
import { registerLoanSubjectNames } from './subject-names.ts';

/**
 * Grading by hand (ADR 0067): the class buckets, the manual downgrade, and `GET /api/loans/:id/grading`
 * (the hold on the loan's class, its cure progress and its restructurings with the schedules they
 * replaced), read with `loans.read` in the loan's branch.
 */
export const loanGradingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerDowngrade(app.approvals);
  registerClassChange(app.approvals);
  registerLoanSubjectNames(app.approvals);
  await app.register(loanDowngradeRoutes);
  await app.register(loanClassRoutes);
  app.get(
    '/loans/:id/grading',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loans'],
        summary: 'The loan’s manual grade or restructured hold, its cure progress and its restructurings',
        security,
        params: loanIdParam,
        response: { 200: loanGradingSchema, ...apiErrors },
      },
    },
    async (req): Promise<LoanGrading> => {
      const l = await gradedLoan(app.db, req.params.id);
      assertBranch(req, l.branch);
      const [s] = await queryRows<{ n: number }>(
        app.db,
        sql`select cure_payments as n from loan_grading_settings`,
      );
      const restructurings = await queryRows<LoanRestructuring>(
        app.db,
        sql`select id::int, business_date::text as "businessDate", effective_date::text as "effectiveDate",
                   old_rate::text as "oldRate", new_rate::text as "newRate", old_term as "oldTerm",
                   new_term as "newTerm", principal::text, capitalised_arrears::text as "capitalisedArrears",
                   reason, requested_by as "requestedBy", approved_by as "approvedBy", replaced
              from loan_restructurings where loan_id = ${l.id} order by id desc`,
      );
      return {
        loanId: l.id,
        loanClass: l.loan_class,
        manualClass: l.manual_class,
        restructured: l.restructured,
        curedPayments: l.cured_payments,
        curePayments: s!.n,
        restructurings,
      };
    },
  );
};
