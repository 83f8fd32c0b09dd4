import { sql } from 'drizzle-orm';
import { LOAN_AUTO_DEBIT_TEXT } from '@bankmanager/contracts';
import { chunkedInLanes } from '../lanes.ts';
import { auditStep, recordFailures, setStep, type StepContext } from '../step-context.ts';

const dayBefore = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The auto-debit of instalments due (the loans module through `app.eodHooks.loanAutoDebit`, ADR
 * 0061): chunks of Active loans in id order, each chunk's repayments, its failures and the step's
 * cursor committed together, so a killed run resumes after the last chunk; each repayment's
 * reference (loan and business date) makes a rerun post nothing twice. The loans are worked in
 * lanes side by side, split by their repayment account (ADR 0090).
 */
export const LOAN_AUTO_DEBIT_STEP = {
  loan_auto_debit: {
    skip: (ctx: StepContext) => (ctx.hooks.loanAutoDebit ? undefined : LOAN_AUTO_DEBIT_TEXT.noModule),
    async chunks(ctx: StepContext) {
      const hook = ctx.hooks.loanAutoDebit!;
      await chunkedInLanes(ctx, async (tx, cursor, lane) => {
        const r = await hook.chunk(tx, {
          businessDate: ctx.run.businessDate,
          through: dayBefore(ctx.run.nextBusinessDate),
          cursor,
          limit: ctx.chunkRows,
          runId: ctx.run.id,
          actor: { id: ctx.run.requestedBy, email: ctx.run.requestedEmail },
          lane,
        });
        await recordFailures(tx, ctx, r.failures);
        // Each repayment has its own audit row; this one says what the chunk covered.
        if (r.lastId !== null)
          await auditStep(tx, ctx, 'eod.loan_auto_debit', {
            businessDate: ctx.run.businessDate,
            loans: [cursor, r.lastId],
            ...(lane.of > 1 ? { lane: `${lane.index + 1} of ${lane.of}` } : {}),
            collected: r.collected,
            failed: r.failures.length,
            // For IT: a chunk gone loan by loan is correct but slow; the refusal says why.
            perLoan: r.perLoan ?? 0,
            ...(r.bulkRefusal ? { bulkRefusal: r.bulkRefusal } : {}),
          });
        return { lastId: r.lastId, done: r.done, failed: r.failures.length };
      });
      const totals = await hook.totals(ctx.db, ctx.run.businessDate);
      await setStep(ctx.db, ctx, sql`totals = ${JSON.stringify(totals)}::jsonb`);
    },
  },
};
