import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { loanBookProblems } from '../../../test/support/loan-book.ts';
import { disbursedLoan, setBusinessDate, trialBalance } from '../../../test/support/loans.ts';
import { TODAY } from '../../../test/support/products.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Concurrent repayments on one loan (PGlite, or PostgreSQL with TEST_DATABASE_URL where they really
 * race): whatever the mix of amounts and choices, each instalment part is paid once (the recorded
 * allocations add up to the paid columns), the repayments' amounts add up to what they placed, the
 * principal owed never goes below zero and matches the schedule, and the books balance.
 */
describe('loans: concurrent repayments (property)', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
  });
  afterAll(() => t.close());

  it('no double allocation, principal never negative, allocations sum to what was paid', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 1, max: 400_000 }),
            prepay: fc.boolean(),
          }),
          { minLength: 2, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 3 }),
        async (payments, dueCount) => {
          await setBusinessDate(t.app, TODAY);
          const l = await disbursedLoan(t.app, s);
          const [d] = await queryRows<{ d: string }>(
            t.app.db,
            sql`select to_char(coalesce(max(due_date), ${TODAY}::date), 'YYYY-MM-DD') as d from loan_instalments
                where loan_id = ${l.loanId} and instalment_number <= ${dueCount}`,
          );
          await setBusinessDate(t.app, d!.d);
          const answers = await Promise.all(
            payments.map((p) =>
              s.call('POST', `/api/loans/${l.loanId}/repayments`, s.officer, {
                fromAccount: l.custAccount,
                amount: fromCents(BigInt(p.cents)),
                reference: `PROP-${Date.now()}-${++n}`,
                overpayment: p.prepay ? 'prepay' : 'refuse',
              }),
            ),
          );
          for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);

          const reps = await queryRows<{ amount: string; prepayment: string; allocations: unknown }>(
            t.app.db,
            sql`select amount::text, prepayment::text, allocations from loan_repayments where loan_id = ${l.loanId}`,
          );
          expect(reps.length).toBe(answers.filter((a) => a.statusCode === 201).length);
          const placed = new Map<string, bigint>();
          let total = 0n;
          for (const r of reps) {
            const allocs = (
              typeof r.allocations === 'string' ? JSON.parse(r.allocations) : r.allocations
            ) as {
              instalmentNumber: number;
              principal: string;
              interest: string;
              fee: string;
              penalty: string;
            }[];
            let sum = toCents(r.prepayment);
            for (const a of allocs)
              for (const c of ['principal', 'interest', 'fee', 'penalty'] as const) {
                const k = `${a.instalmentNumber}:${c}`;
                placed.set(k, (placed.get(k) ?? 0n) + toCents(a[c]));
                sum += toCents(a[c]);
              }
            expect(fromCents(sum)).toBe(r.amount);
            total += toCents(r.amount);
          }
          const rows = await queryRows<Record<string, string | number>>(
            t.app.db,
            sql`select instalment_number as n, principal_paid::text as principal, interest_paid::text as interest,
                  fee_paid::text as fee, penalty_paid::text as penalty
                from loan_instalments where loan_id = ${l.loanId}`,
          );
          let paidColumns = 0n;
          for (const row of rows)
            for (const c of ['principal', 'interest', 'fee', 'penalty'] as const) {
              expect(toCents(String(row[c]))).toBe(placed.get(`${row.n}:${c}`) ?? 0n);
              paidColumns += toCents(String(row[c]));
            }
          const prepaid = reps.reduce((x, r) => x + toCents(r.prepayment), 0n);
          expect(paidColumns + prepaid).toBe(total);

          const [bal] = await queryRows<{ owed: string; schedule: string }>(
            t.app.db,
            sql`select (-a.balance)::text as owed,
                  (select sum(principal_due - principal_paid) from loan_instalments where loan_id = l.id)::text as schedule
                from loans l join accounts a on a.id = l.account_id where l.id = ${l.loanId}`,
          );
          expect(toCents(bal!.owed) >= 0n).toBe(true);
          expect(bal!.owed).toBe(bal!.schedule);
          for (const b of await trialBalance(t.app)) expect(b.net, b.currency).toBe('0.00');
          // Prepayments included, the loan book's invariants hold (loan_book_violations()).
          expect(await loanBookProblems(t.app)).toEqual([]);
        },
      ),
      { numRuns: 4 },
    );
  });
});
