import { sql } from 'drizzle-orm';
import type { EodStep } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { setStep, type StepContext } from '../step-context.ts';
import { accrueCredit, accrueOverdraft } from './accrual.ts';
import {
  amlMonitoring,
  advanceDate,
  releaseClearedDeposits,
  rescreenSanctions,
  snapshotGl,
  standingOrders,
  type SingleOutcome,
} from './day-steps.ts';
import { markDormant } from './dormancy.ts';
import { chargeFees, feesTotal } from './fees.ts';
import { matureDeposits, rolledOverToday } from './maturities.ts';
import { postInterest, postingTotal } from './posting.ts';
import { keepReportAggregates, queueScheduledReports } from './report-aggregates.ts';
import { LOAN_BOOK_STEPS } from './loan-book.ts';
import { LOAN_AUTO_DEBIT_STEP } from './loan-auto-debit.ts';

/**
 * Each step: `skip` says why it has nothing to do today (shown on the run screen), `total` the rows
 * it will go through (progress), and either `chunks` (progress saved per chunk, resumable) or `once`.
 */
export interface StepImpl {
  skip?(ctx: StepContext): Promise<string | undefined> | string | undefined;
  total?(db: Database, ctx: StepContext): Promise<number>;
  chunks?(ctx: StepContext): Promise<void>;
  once?(ctx: StepContext): Promise<SingleOutcome>;
}

const notMonthEnd = (ctx: StepContext) =>
  ctx.run.monthEnd ? undefined : 'Not the last business day of a month';

export const STEP_IMPLS: Record<EodStep, StepImpl> = {
  standing_orders: { once: standingOrders },
  cleared_deposits: { once: releaseClearedDeposits },
  credit_accrual: {
    chunks: (ctx) =>
      accrueCredit(ctx, ctx.run.monthEnd ? ctx.run.periodEndThrough : dayBefore(ctx.run.nextBusinessDate)),
  },
  overdraft_accrual: {
    chunks: (ctx) =>
      accrueOverdraft(ctx, ctx.run.monthEnd ? ctx.run.periodEndThrough : dayBefore(ctx.run.nextBusinessDate)),
  },
  fd_maturities: { chunks: matureDeposits },
  interest_posting: { skip: notMonthEnd, total: (db, ctx) => postingTotal(db, ctx), chunks: postInterest },
  accrual_after_posting: {
    async skip(ctx) {
      if (ctx.run.periodEndThrough < dayBefore(ctx.run.nextBusinessDate)) return undefined;
      if (await rolledOverToday(ctx.db, ctx.run.businessDate)) return undefined;
      return 'Nothing left to accrue: no period end inside the days to the next business date, no deposit rolled over';
    },
    async chunks(ctx) {
      await accrueCredit(ctx, dayBefore(ctx.run.nextBusinessDate));
      // Two passes share the step's cursor: the second starts from the first account again (a resumed
      // run re-scans the first pass and finds it done: accrual is idempotent per account and day).
      await setStep(ctx.db, ctx, sql`cursor = 0`);
      await accrueOverdraft(ctx, dayBefore(ctx.run.nextBusinessDate));
    },
  },
  fees: { skip: notMonthEnd, total: (db, ctx) => feesTotal(db, ctx.run.businessDate), chunks: chargeFees },
  dormancy: { chunks: markDormant },
  ...LOAN_BOOK_STEPS,
  ...LOAN_AUTO_DEBIT_STEP,
  sanctions_rescreen: { once: rescreenSanctions },
  aml_monitoring: { once: amlMonitoring },
  gl_snapshot: { once: snapshotGl },
  report_aggregates: { once: keepReportAggregates },
  report_schedules: { once: queueScheduledReports },
  advance_date: { once: advanceDate },
};

export const dayBefore = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
