import { EOD_TEXT } from '@bankmanager/contracts';
import { auditStep, inChunk, type StepContext } from '../step-context.ts';
import type { SingleOutcome } from './day-steps.ts';

/**
 * The reporting module's daily figures for the dashboards, in one transaction inside the cut-off (so
 * every posting of the day is in them and none is half in). Idempotent per date: a retried or resumed
 * run finds them kept and writes nothing. Without the module the step says so and skips.
 */
export async function keepReportAggregates(ctx: StepContext): Promise<SingleOutcome> {
  const keep = ctx.hooks.aggregateReports;
  if (!keep) return { done: 0, skipped: true, note: EOD_TEXT.noReportingModule };
  return inChunk(ctx, async (tx) => {
    const rows = await keep(tx, ctx.run.businessDate);
    if (rows === null) return { done: 0, note: EOD_TEXT.reportAggregatesTaken };
    await auditStep(tx, ctx, 'eod.report_aggregates', { businessDate: ctx.run.businessDate, rows });
    return { done: rows, totals: { rows: String(rows) } };
  });
}

/**
 * The built-reports module's schedules due today, queued in one transaction inside the cut-off; the
 * worker runs them after. Idempotent per date (one run per schedule and date): a retried or resumed
 * step queues nothing twice. Without the module the step says so and skips.
 */
export async function queueScheduledReports(ctx: StepContext): Promise<SingleOutcome> {
  const queue = ctx.hooks.enqueueScheduledReports;
  if (!queue) return { done: 0, skipped: true, note: EOD_TEXT.noBuiltReportsModule };
  return inChunk(ctx, async (tx) => {
    const runs = await queue(tx, ctx.run.businessDate, ctx.run.monthEnd);
    await auditStep(tx, ctx, 'eod.report_schedules', { businessDate: ctx.run.businessDate, runs });
    return { done: runs, totals: { 'runs queued': String(runs) } };
  });
}
