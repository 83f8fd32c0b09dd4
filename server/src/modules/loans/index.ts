/**
 * The loans module's only door (docs/loans.md, ADR 0045): disbursement of an Approved application
 * (four-eyes), the loans it makes with their frozen schedules, the loan 360, the lists and the
 * agreement summary PDF; repayments by transfer, cash at the till and early settlement (ADR 0052),
 * and their reversal through the payments module's four-eyes reversal (ADR 0062).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loanCashDisburseRoutes } from './cash-disburse-routes.ts';
import { registerDisbursement } from './disburse.ts';
import { loanDisburseRoutes } from './disburse-route.ts';
import { loanReadRoutes } from './read-routes.ts';
import { loanRepayRoutes } from './repay-routes.ts';
import { loanRepaymentListRoutes } from './repay-list.ts';
import { loanRestructureRoutes } from './restructure-route.ts';

/** `/api/loans` (reads, repayments, payoff, settlement) and `/api/loan-applications/:id/disburse`. */
export const loanRoutes: FastifyPluginAsyncZod = async (app) => {
  registerDisbursement(app.approvals);
  await app.register(loanDisburseRoutes);
  await app.register(loanReadRoutes);
  await app.register(loanRepayRoutes);
  // Restructuring and rescheduling (ADR 0067).
  await app.register(loanRestructureRoutes);
  await app.register(loanRepaymentListRoutes);
  // Disbursement in cash at the till (ADR 0070).
  await app.register(loanCashDisburseRoutes);
};

export { assertRepaymentReversible, undoRepayment } from './reverse.ts';
export { loanAutoDebitEodHooks } from './auto-debit.ts';
export { repayLoan } from './repay.ts';
