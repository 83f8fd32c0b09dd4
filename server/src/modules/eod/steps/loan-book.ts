import { sql } from 'drizzle-orm';
import { LOAN_BOOK_TEXT } from '@bankmanager/contracts';
import { chunked, setStep, type StepContext } from '../step-context.ts';

/**
 * The loan book's steps (the loan-book module through `app.eodHooks.loanBook`): chunks of loans in
 * id order, each chunk's work and the step's cursor committed together, so a killed run resumes where
 * it stopped; the module's rows make each chunk idempotent for the date. Accrual covers the days to
 * the day before the next business date, as deposit accrual does.
 */
type LoanBookStep = 'loan_accrual' | 'loan_classification' | 'loan_suspense';
const CHUNK_OF = {
  loan_accrual: 'accrue',
  loan_classification: 'classify',
  loan_suspense: 'suspense',
} as const;

function loanStep(step: LoanBookStep) {
  return {
    skip: (ctx: StepContext) => (ctx.hooks.loanBook ? undefined : LOAN_BOOK_TEXT.noLoanBookModule),
    async chunks(ctx: StepContext) {
      const book = ctx.hooks.loanBook!;
      const run = book[CHUNK_OF[step]];
      await chunked(ctx, async (tx, cursor) => {
        const r = await run(tx, {
          businessDate: ctx.run.businessDate,
          through: dayBefore(ctx.run.nextBusinessDate),
          cursor,
          limit: ctx.chunkRows,
          runId: ctx.run.id,
          actor: { id: ctx.run.requestedBy, email: ctx.run.requestedEmail },
        });
        return { ...r, failed: 0 };
      });
      const totals = await book.totals(ctx.db, step, ctx.run.businessDate);
      await setStep(ctx.db, ctx, sql`totals = ${JSON.stringify(totals)}::jsonb`);
    },
  };
}

const dayBefore = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export const LOAN_BOOK_STEPS = {
  loan_accrual: loanStep('loan_accrual'),
  loan_classification: loanStep('loan_classification'),
  loan_suspense: loanStep('loan_suspense'),
};
