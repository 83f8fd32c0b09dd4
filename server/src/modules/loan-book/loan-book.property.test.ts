import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { daysPastDue, type FrozenInstalment } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import {
  disbursedLoan,
  loanBookProblems,
  runLoanBook,
  simulateRepayment,
} from '../../../test/support/loan-book.ts';
import { TODAY } from '../../../test/support/products.ts';
import { queryRows } from '../../db/rows.ts';

const RUNS = 5;

/**
 * Random repayment histories (days passing, then a repayment of any size or none) keep every
 * invariant: principal outstanding = financed − principal repaid, the portfolio and receivable GLs
 * equal the loans' figures, the ledger balances; days past due are what the contracts' rule says, and
 * the class is the bucket holding them.
 */
describe('loan book: invariants under random repayment histories (fast-check)', () => {
  let t: TestApp;
  const loans: number[] = [];
  let date = TODAY;

  beforeAll(async () => {
    t = await createTestApp();
    const s = await loanScene(t.app);
    for (let i = 0; i < RUNS; i++) loans.push(await disbursedLoan(t.app, s, `${5000 + i * 1000}.00`));
  });
  afterAll(() => t.close());

  const addDays = (d: string, n: number) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  it('keeps the invariants, the days past due and the class', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ days: fc.integer({ min: 1, max: 50 }), pay: fc.integer({ min: 0, max: 300_000 }) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (steps) => {
          const loanId = loans[run++ % RUNS]!;
          for (const st of steps) {
            date = addDays(date, st.days);
            await runLoanBook(t.app, date);
            const inst = await queryRows<FrozenInstalment & Record<string, unknown>>(
              t.app.db,
              sql`select instalment_number as "instalmentNumber", due_date::text as "dueDate",
                         principal_due::text as "principalDue", interest_due::text as "interestDue",
                         fee_due::text as "feeDue", penalty_due::text as "penaltyDue",
                         principal_paid::text as "principalPaid", interest_paid::text as "interestPaid",
                         fee_paid::text as "feePaid", penalty_paid::text as "penaltyPaid"
                    from loan_instalments where loan_id = ${loanId} order by instalment_number`,
            );
            const [l] = await queryRows<{ dpd: number; cls: string; bucket: string }>(
              t.app.db,
              sql`select l.days_past_due as dpd, l.loan_class as cls,
                         (select code from loan_classes k where l.days_past_due between k.min_dpd and coalesce(k.max_dpd, 2147483647)) as bucket
                    from loans l where l.id = ${loanId}`,
            );
            expect(l!.dpd).toBe(daysPastDue(inst, date));
            expect(l!.cls).toBe(l!.bucket);
            await simulateRepayment(t.app, loanId, (st.pay / 100).toFixed(2));
            expect(await loanBookProblems(t.app)).toEqual([]);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
