import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { LOAN_CLASSES } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { loanBookProblems } from '../../../test/support/loan-book.ts';
import { disbursedLoan, setBusinessDate, topUp } from '../../../test/support/loans.ts';
import { TODAY } from '../../../test/support/products.ts';
import { setRoles } from '../../../test/support/roles.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 6);

type Op =
  | { kind: 'run'; classes: (typeof LOAN_CLASSES)[number][] }
  | { kind: 'repay'; loan: number; amount: number }
  | { kind: 'writeOff'; loan: number };

/**
 * Random sequences of provisioning runs (random classes per loan), repayments up to what is due
 * (which release any provision above the principal left) and write-offs, through the real routes and four-eyes: after
 * every step GL 1490 equals the loans' provision held per currency, no loan holds more than its
 * principal, and every other loan-book and ledger invariant holds (loan_book_violations()).
 */
describe('loan book: provisioning and write-off keep GL 1490 = Σ provision held', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let head2: StaffUser;
  const loans: Awaited<ReturnType<typeof disbursedLoan>>[] = [];
  let day = 0;
  let ref = 0;

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    head2 = await s.makeStaff('activated', 'hocp');
    await setRoles(t.app, head2.userId, ['head_of_credit'], null);
    await setBusinessDate(t.app, TODAY);
    for (let i = 0; i < 3; i++) loans.push(await disbursedLoan(t.app, s));
    await t.app.db.execute(sql`insert into loan_application_collateral
        (application_id, position, type, description, market_value, forced_sale_value, haircut_percent)
        select application_id, 1, 'land_title', 'Plot at Lumley', 9000, 6000, 30 from loans where id = ${loans[0]!.loanId}`);
  });
  afterAll(() => t.close());

  const approve = async (who: StaffUser, id: string) => {
    const ok = await s.call('POST', `/api/approvals/${id}/approve`, who);
    expect(ok.statusCode, ok.body).toBe(200);
  };

  async function apply(op: Op): Promise<void> {
    if (op.kind === 'run') {
      // A book day for a fresh date: each Active loan in the class the case drew, at its principal now.
      const asOf = new Date(Date.UTC(2027, 0, 1 + day++)).toISOString().slice(0, 10);
      for (const [i, l] of loans.entries())
        await t.app.db.execute(sql`insert into loan_daily_status
            (business_date, loan_id, dpd, loan_class, principal_outstanding, interest_receivable, overdue_amount)
          select ${asOf}::date, l.id, 0, ${op.classes[i % op.classes.length]!}, greatest(-a.balance, 0), 0, 0
            from loans l join accounts a on a.id = l.account_id where l.id = ${l.loanId} and l.status = 'Active'`);
      const run = await s.call('POST', '/api/loan-provisioning/runs', s.head, { asOf });
      if (run.statusCode === 409) return; // every loan written off: no book day
      expect(run.statusCode, run.body).toBe(201);
      const asked = await s.call('POST', `/api/loan-provisioning/runs/${run.json().id}/post`, s.head);
      expect(asked.statusCode, asked.body).toBe(202);
      await approve(head2, asked.json().approvalId);
    } else if (op.kind === 'repay') {
      const l = loans[op.loan]!;
      await topUp(t.app, l.custAccount, `${op.amount}.00`);
      await s.call('POST', `/api/loans/${l.loanId}/repayments`, s.officer, {
        reference: `PP-${++ref}`,
        fromAccount: l.custAccount,
        amount: `${op.amount}.00`,
      });
    } else {
      const l = loans[op.loan]!;
      await t.app.db.execute(
        sql`update loans set loan_class = 'loss' where id = ${l.loanId} and status = 'Active'`,
      );
      const asked = await s.call('POST', `/api/loans/${l.loanId}/write-off`, s.head, { reason: 'Property' });
      if (asked.statusCode !== 202) return; // already written off, or nothing left
      await approve(s.mgr, asked.json().approvalId);
    }
  }

  it('after every run, repayment and write-off', async () => {
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('run' as const),
        classes: fc.array(fc.constantFrom(...LOAN_CLASSES), { minLength: 3, maxLength: 3 }),
      }),
      fc.record({
        kind: fc.constant('repay' as const),
        loan: fc.integer({ min: 0, max: 2 }),
        amount: fc.integer({ min: 1, max: 2_500 }),
      }),
      fc.record({ kind: fc.constant('writeOff' as const), loan: fc.integer({ min: 0, max: 2 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 4 }), async (ops) => {
        for (const o of ops) {
          await apply(o);
          expect(await loanBookProblems(t.app)).toEqual([]);
        }
        const [p] = await queryRows<{ gl: string; held: string }>(
          t.app.db,
          sql`select coalesce((select sum(case side when 'credit' then amount else -amount end) from gl_lines
                                where gl_code = '1490'), 0)::numeric(20, 2)::text as gl,
                     coalesce((select sum(provision_held) from loans), 0)::numeric(20, 2)::text as held`,
        );
        expect(p!.gl).toBe(p!.held);
      }),
      { numRuns: RUNS },
    );
  });
});
