import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOAN_BOOK_HISTORY_DAYS,
  LOAN_CLASS_LABELS,
  LOAN_TEXT_DISBURSE,
  loanBookSchema,
  loanIdParam,
  type LoanBook,
  type LoanClass,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { assertBranch, requirePermission } from '../auth/index.ts';

/**
 * `GET /api/loans/:id/book`: the loan's class and days past due as the last end of day left them, its
 * interest receivable and the days it is accrued through, with its last days in the book; the interest
 * and penalties held in suspense and the penalties charged (ADR 0064). A loan has at most one penalty
 * per instalment, so the list is bounded by its term. Reading needs
 * `loans.read` in the loan's branch, as the loan 360 does.
 */
export const loanBookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loans/:id/book',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loans'],
        summary:
          'The loan in the nightly book: class, days past due, interest receivable, accrued through, its last days, suspense and penalties',
        security,
        params: loanIdParam,
        response: { 200: loanBookSchema, ...apiErrors },
      },
    },
    async (req) => {
      const book = await loanBook(app.db, req.params.id);
      if (!book) throw notFound(LOAN_TEXT_DISBURSE.notFound);
      assertBranch(req, book.branch);
      return book.view;
    },
  );
};

async function loanBook(db: Database, id: number): Promise<{ branch: string; view: LoanBook } | null> {
  const [l] = await queryRows<{
    branch: string;
    loan_class: LoanClass;
    dpd: number;
    performing: boolean | null;
    recv: string;
    through: string | null;
    isusp: string;
    precv: string;
    psusp: string;
  }>(
    db,
    sql`select l.branch_code as branch, l.loan_class, l.days_past_due as dpd, k.performing,
               l.interest_receivable::text as recv, l.accrued_through::text as through,
               l.interest_in_suspense::text as isusp, l.penalty_receivable::text as precv,
               l.penalty_in_suspense::text as psusp
          from loans l left join loan_classes k on k.code = l.loan_class
         where l.id = ${id}`,
  );
  if (!l) return null;
  const history = await queryRows<{
    business_date: string;
    dpd: number;
    loan_class: LoanClass;
    principal: string;
    recv: string;
    overdue: string;
  }>(
    db,
    sql`select business_date::text, dpd, loan_class, principal_outstanding::text as principal,
               interest_receivable::text as recv, overdue_amount::text as overdue
          from loan_daily_status where loan_id = ${id}
         order by business_date desc limit ${LOAN_BOOK_HISTORY_DAYS}`,
  );
  const penalties = await queryRows<{ n: number; d: string; amount: string; suspended: boolean }>(
    db,
    sql`select instalment_number as n, business_date::text as d, amount::text, suspended
          from loan_penalty_charges where loan_id = ${id} order by instalment_number desc`,
  );
  return {
    branch: l.branch,
    view: {
      loanId: id,
      loanClass: l.loan_class,
      loanClassLabel: LOAN_CLASS_LABELS[l.loan_class] ?? l.loan_class,
      daysPastDue: l.dpd,
      performing: l.performing ?? false,
      interestReceivable: l.recv,
      accruedThrough: l.through,
      history: history.map((h) => ({
        businessDate: h.business_date,
        daysPastDue: h.dpd,
        loanClass: h.loan_class,
        principalOutstanding: h.principal,
        interestReceivable: h.recv,
        overdueAmount: h.overdue,
      })),
      interestInSuspense: l.isusp,
      penaltyReceivable: l.precv,
      penaltyInSuspense: l.psusp,
      penalties: penalties.map((p) => ({
        instalmentNumber: p.n,
        businessDate: p.d,
        amount: p.amount,
        suspended: p.suspended,
      })),
    },
  };
}
