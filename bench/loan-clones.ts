// Copies of one real disbursed loan, set-based, for the benches that need a loan book at scale
// (bench:loans's auto-debit, bench:eod's loan steps).
import { sql, type SQL } from 'drizzle-orm';
import { fromCents, toCents } from '@bankmanager/contracts';
import type { Database } from '../server/src/db/client.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { postBulkEntry } from '../server/src/modules/ledger/index.ts';

/**
 * N copies of a real disbursed loan, set-based: applications, loan and repayment accounts (one
 * customer), loans, schedules; the loan accounts debited and the repayment accounts credited through
 * the ledger's bulk path against suspense. Balances vary: 1 in 10 empty, 1 in 10 short (Le 500).
 * `shiftDays` spreads the copies' dates (end of day's bench: due dates over a month, some in arrears).
 */
export async function cloneLoans(
  db: Database,
  tplId: number,
  count: number,
  /** Days the k-th copy's dates move back (its disbursement, first due and every due date); 0: none. */
  shiftDays: (k: SQL) => SQL = () => sql`0`,
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`create temp table bench_map on commit drop as
      select g as k, nextval('loan_applications_id_seq') as app_id from generate_series(1, ${count}) g`);
    await tx.execute(sql`insert into loan_applications (id, cust_id, branch_code, product_code, product_version, currency,
        amount, term, rate, sector, purpose, repayment_account_id, status, officer_id, officer_email, recommendation,
        appraisal_notes, appraisal, appraised_by, appraised_by_email, appraised_at)
      select m.app_id, a.cust_id, a.branch_code, a.product_code, a.product_version, a.currency, a.amount, a.term, a.rate,
             a.sector, a.purpose, a.repayment_account_id, 'Disbursed', a.officer_id, a.officer_email, a.recommendation,
             a.appraisal_notes, a.appraisal, a.appraised_by, a.appraised_by_email, a.appraised_at
        from bench_map m, loans l join loan_applications a on a.id = l.application_id where l.id = ${tplId}`);
    const [top] = await queryRows<{ id: string }>(
      tx,
      sql`select coalesce(max(id), 0)::text as id from accounts`,
    );
    for (const kind of ['loan', 'pay'] as const)
      await tx.execute(sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status,
          opened_on, branch_code, ledger_code)
        select make_account_number(a.branch_code, nextval('account_serial_seq')), a.cust_id, a.product_code,
               a.account_type, a.currency, 'Active', a.opened_on, a.branch_code, a.ledger_code
          from bench_map m, loans l join accounts a on a.id = ${kind === 'loan' ? sql`l.account_id` : sql`l.repayment_account_id`}
         where l.id = ${tplId} order by m.k`);
    await tx.execute(sql`drop table if exists bench_accts`);
    await tx.execute(sql`create table bench_accts as
      with la as (select id, row_number() over (order by id) as k from accounts where id > ${top!.id}::bigint and account_type = 'Loan'),
           pa as (select id, row_number() over (order by id) as k from accounts where id > ${top!.id}::bigint and account_type <> 'Loan')
      select m.k, m.app_id, la.id as loan_acct, pa.id as pay_acct
        from bench_map m join la on la.k = m.k join pa on pa.k = m.k`);
    await tx.execute(sql`insert into loans (application_id, account_id, cust_id, branch_code, product_code, product_version,
        currency, amount, amount_financed, processing_fee, net_disbursed, rate, term, interest_method, frequency,
        disbursement_date, first_due_date, repayment_account_id, entry_id, approval_id, disbursed_by, disbursed_by_email,
        approved_by, approved_by_email)
      select b.app_id, b.loan_acct, l.cust_id, l.branch_code, l.product_code, l.product_version, l.currency, l.amount,
             l.amount_financed, l.processing_fee, l.net_disbursed, l.rate, l.term, l.interest_method, l.frequency,
             l.disbursement_date - (${shiftDays(sql`b.k`)})::int, l.first_due_date - (${shiftDays(sql`b.k`)})::int, b.pay_acct, l.entry_id, l.approval_id, l.disbursed_by,
             l.disbursed_by_email, l.approved_by, l.approved_by_email
        from bench_accts b, loans l where l.id = ${tplId}`);
    await tx.execute(sql`insert into loan_instalments (loan_id, instalment_number, due_date, principal_due, interest_due, fee_due)
      select n.id, i.instalment_number, i.due_date - (${shiftDays(sql`b.k`)})::int, i.principal_due, i.interest_due, i.fee_due
        from loans n join bench_accts b on b.app_id = n.application_id
        join loan_instalments i on i.loan_id = ${tplId}`);
  });
  // Each bulk entry in its own transaction, as a salary batch posts: its balance check ends immediate.
  const actor = { id: null, email: 'bench@bank.sl' };
  await postBulkEntry(db, {
    source: 'seed',
    reference: `BENCH-LOANS-${Date.now()}`,
    narration: 'Bench loans disbursed',
    actor,
    audit: { action: 'seed.loan', targetType: 'bench', targetId: 'loans' },
    lines: [
      {
        glCode: '1900',
        currency: 'SLE',
        side: 'credit',
        amount: fromCents(BigInt(count) * toCents('20000.00')),
      },
    ],
    bulk: {
      side: 'debit',
      rows: sql`select loan_acct as account_id, 20000.00 as amount, null::text as description from bench_accts`,
    },
  });
  const pay = sql`case when k % 10 = 0 then 0 when k % 10 = 1 then 500.00 else 19600.00 end`;
  const [sum] = await queryRows<{ s: string }>(
    db,
    sql`select sum(${pay})::numeric(18,2)::text as s from bench_accts`,
  );
  await postBulkEntry(db, {
    source: 'seed',
    reference: `BENCH-FUND-${Date.now()}`,
    narration: 'Bench repayment accounts funded',
    actor,
    audit: { action: 'seed.loan', targetType: 'bench', targetId: 'accounts' },
    lines: [{ glCode: '1900', currency: 'SLE', side: 'debit', amount: sum!.s }],
    bulk: {
      side: 'credit',
      rows: sql`select pay_acct as account_id, ${pay} as amount, null::text as description from bench_accts where k % 10 <> 0`,
    },
  });
  await db.execute(sql`drop table bench_accts`);
}
