import { sql } from 'drizzle-orm';
import { buildSchedule } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { SeedStep } from '../../db/seed/index.ts';
import { postEntryOnce } from '../ledger/index.ts';
import { accrueLoanChunk } from './accrual.ts';
import { classifyLoanChunk } from './classification.ts';
import { suspenseChunk } from './suspense.ts';

/**
 * The demo's loans, one or two in every class: back-dated Salary Loans whose instalments were never
 * paid, so the days past due are the days since the first due date (negative: not yet due). Past 90
 * days (non-performing) the borrower's salary stopped: the loan is repaid from an account of its own
 * that holds nothing, so end of day's auto-debit cannot cure it and the demo keeps a non-performing
 * book after any number of end-of-day runs. The others repay from the funded savings account, so the
 * auto-debit has arrears to collect.
 */
const DEMO_LOANS = [
  { sinceFirstDue: -20, amount: '15000.00', term: 12 },
  { sinceFirstDue: 12, amount: '8000.00', term: 12 },
  { sinceFirstDue: 45, amount: '25000.00', term: 12 },
  { sinceFirstDue: 75, amount: '12000.00', term: 12 },
  { sinceFirstDue: 120, amount: '30000.00', term: 18 },
  { sinceFirstDue: 250, amount: '18000.00', term: 24 },
  { sinceFirstDue: 400, amount: '40000.00', term: 24 },
] as const;
const NON_PERFORMING_AFTER_DAYS = 90;

const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const monthBefore = (d: string) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCMonth(x.getUTCMonth() - 1);
  return x.toISOString().slice(0, 10);
};

/**
 * Seeds the demo loans (once: skipped when any loan exists, or no approved staff or borrowers), then
 * classifies and accrues them for the business date, so `npm start` shows every class at once.
 * Disbursed by the first approved member of staff and approved by the second.
 */
export async function seedDemoLoans(tx: Database): Promise<number> {
  const [any] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from loans`);
  if (any!.n > 0) return 0;
  const staff = await queryRows<{ id: string; email: string }>(
    tx,
    sql`select s.user_id::text as id, u.email from staff s join auth_users u on u.id = s.user_id
         where s.approved order by s.created_at, s.user_id limit 2`,
  );
  const [d] = await queryRows<{ d: string }>(tx, sql`select current_business_date()::text as d`);
  const today = d!.d;
  const borrowers = await queryRows<{ cust_id: number; branch: string; account: string }>(
    tx,
    sql`select c.cust_id, c.branch_code as branch, min(a.id)::text as account
          from customers c join accounts a on a.cust_id = c.cust_id
         where c.status = 'Active' and c.type = 'private' and a.account_type = 'Savings' and a.currency = 'SLE'
           and a.status = 'Active'
         group by c.cust_id, c.branch_code order by c.cust_id limit ${DEMO_LOANS.length}`,
  );
  const [shell] = await queryRows<{ code: string }>(
    tx,
    sql`select code from products where account_type = 'Loan' and currency = 'SLE' and status = 'active' order by code limit 1`,
  );
  const [savings] = await queryRows<{ code: string; ledger: string }>(
    tx,
    sql`select code, ledger_code as ledger from products
         where account_type = 'Savings' and currency = 'SLE' and status = 'active' order by code limit 1`,
  );
  if (staff.length === 0 || borrowers.length < DEMO_LOANS.length || !shell || !savings) return 0;
  const maker = staff[0]!;
  const checker = staff[1] ?? maker;
  for (const [k, spec] of DEMO_LOANS.entries()) {
    const b = borrowers[k]!;
    const firstDue = addDays(today, -spec.sinceFirstDue);
    const disbursed = monthBefore(firstDue);
    const repaidFrom =
      spec.sinceFirstDue > NON_PERFORMING_AFTER_DAYS
        ? (await openSeedAccount(tx, b, { ...savings, type: 'Savings' }, disbursed)).id
        : Number(b.account);
    const schedule = buildSchedule({
      principal: spec.amount,
      annualRate: '24',
      method: 'emi',
      instalments: spec.term,
      frequency: 'monthly',
      disbursementDate: disbursed,
      firstDueDate: firstDue,
    });
    const [app] = await queryRows<{ id: number }>(
      tx,
      sql`insert into loan_applications (cust_id, branch_code, product_code, product_version, currency, amount, term,
            rate, sector, purpose, repayment_account_id, status, officer_id, officer_email, recommendation,
            appraisal_notes, appraisal, appraised_by, appraised_by_email, appraised_at)
          values (${b.cust_id}, ${b.branch}, 'SAL-SLE', 1, 'SLE', ${spec.amount}::numeric, ${spec.term}, 24, 'PUB',
            'Demo loan', ${repaidFrom}, 'Disbursed', ${maker.id}::uuid, ${maker.email}, 'approve',
            'Demo data', '{}'::jsonb, ${maker.id}::uuid, ${maker.email}, now())
          returning id`,
    );
    const [approval] = await queryRows<{ id: string }>(
      tx,
      sql`insert into approval_requests (type, subject_type, subject_id, command, maker_id, maker_email, branch,
            amount, currency, status, business_date, decided_by, decided_by_email, decided_at)
          values ('loan_application.disburse', 'loan_application', ${String(app!.id)},
            ${JSON.stringify({ applicationId: app!.id })}::jsonb, ${maker.id}::uuid, ${maker.email}, ${b.branch},
            ${spec.amount}::numeric, 'SLE', 'approved', ${today}::date, ${checker.id}::uuid, ${checker.email}, now())
          returning id::text`,
    );
    const acct = await openSeedAccount(tx, b, { code: shell.code, ledger: '1410', type: 'Loan' }, disbursed);
    const posted = await postEntryOnce(tx, {
      source: 'seed',
      reference: `SEED-LOAN-${app!.id}`,
      narration: `Loan disbursement ${acct.account_number} (demo, disbursed ${disbursed})`,
      lines: [
        {
          accountId: acct.id,
          side: 'debit',
          amount: schedule.amountFinanced,
          description: 'Loan disbursement',
        },
        {
          accountId: Number(b.account),
          side: 'credit',
          amount: schedule.netDisbursed,
          description: 'Loan disbursement',
        },
      ],
      actor: { id: maker.id, email: maker.email },
      audit: { action: 'seed.loan', targetType: 'loan_application', targetId: String(app!.id) },
    });
    const [loan] = await queryRows<{ id: number }>(
      tx,
      sql`insert into loans (application_id, account_id, cust_id, branch_code, product_code, product_version, currency,
            amount, amount_financed, processing_fee, net_disbursed, rate, term, interest_method, frequency,
            disbursement_date, first_due_date, repayment_account_id, entry_id, approval_id,
            disbursed_by, disbursed_by_email, approved_by, approved_by_email)
          values (${app!.id}, ${acct.id}, ${b.cust_id}, ${b.branch}, 'SAL-SLE', 1, 'SLE', ${spec.amount}::numeric,
            ${schedule.amountFinanced}::numeric, 0, ${schedule.netDisbursed}::numeric, 24, ${spec.term}, 'emi', 'monthly',
            ${disbursed}::date, ${firstDue}::date, ${repaidFrom}, ${posted.entryId}, ${approval!.id}::uuid,
            ${maker.id}::uuid, ${maker.email}, ${checker.id}::uuid, ${checker.email})
          returning id`,
    );
    const col = <K extends 'number' | 'dueDate' | 'principal' | 'interest' | 'fees'>(key: K) =>
      `{${schedule.instalments.map((i) => String(i[key])).join(',')}}`;
    await tx.execute(sql`insert into loan_instalments (loan_id, instalment_number, due_date, principal_due, interest_due, fee_due)
      select ${loan!.id}, n, d, p, i, f
        from unnest(${col('number')}::int[], ${col('dueDate')}::date[], ${col('principal')}::numeric[],
                    ${col('interest')}::numeric[], ${col('fees')}::numeric[]) as s(n, d, p, i, f)`);
  }
  // Classify first (only performing loans accrue), accrue to yesterday, then classify again so the day's
  // row carries the receivable.
  const args = {
    businessDate: today,
    through: addDays(today, -1),
    cursor: 0,
    limit: 1000,
    runId: 0,
    actor: maker,
  };
  await classifyLoanChunk(tx, args);
  await accrueLoanChunk(tx, args);
  await classifyLoanChunk(tx, args);
  // Non-performing loans' receivables into suspense, penalties on the overdue instalments (ADR 0064).
  await suspenseChunk(tx, args);
  return DEMO_LOANS.length;
}

/** An Active Leone account of the borrower's, empty, opened on `openedOn` (the loan's, or its repayment account). */
async function openSeedAccount(
  tx: Database,
  b: { cust_id: number; branch: string },
  product: { code: string; ledger: string; type: 'Loan' | 'Savings' },
  openedOn: string,
): Promise<{ id: number; account_number: string }> {
  const [row] = await queryRows<{ id: string; account_number: string }>(
    tx,
    sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on,
                              branch_code, ledger_code)
        values (make_account_number(${b.branch}, nextval('account_serial_seq')), ${b.cust_id}, ${product.code},
                ${product.type}, 'SLE', 'Active', ${openedOn}::date, ${b.branch}, ${product.ledger})
        returning id::text, account_number`,
  );
  return { id: Number(row!.id), account_number: row!.account_number };
}

export const loanBookDemoStep: SeedStep = {
  name: 'loan book demo',
  run: async (tx) => void (await seedDemoLoans(tx)),
};
