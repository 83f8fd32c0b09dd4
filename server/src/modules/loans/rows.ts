import { sql, type SQL } from 'drizzle-orm';
import {
  LOAN_TEXT_DISBURSE as T,
  daysPastDue,
  fromCents,
  instalmentState,
  PERIODS_PER_YEAR,
  annualPercentageRate,
  toCents,
  type FrozenInstalment,
  type LoanDetail,
  type LoanListQuery,
  type LoanSummary,
  type Page,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { getApplication } from '../loan-applications/index.ts';

type SummaryRow = LoanSummary & Record<string, unknown>;

const SUMMARY = sql`l.id, l.application_id as "applicationId", ac.account_number as "accountNumber",
  l.cust_id as "custId", c.name as "customerName", l.branch_code as branch, l.product_code as "productCode",
  p.name as "productName", l.product_version as "productVersion", l.currency, l.amount::text,
  (-ac.balance)::numeric(18,2)::text as outstanding, l.rate::text, l.term,
  to_char(l.disbursement_date, 'YYYY-MM-DD') as "disbursementDate", l.status,
  coalesce(ar.dpd, 0) as "daysPastDue", coalesce(ar.arrears, 0)::numeric(18,2)::text as arrears`;
const DUE = sql`(i.principal_due + i.interest_due + i.fee_due + i.penalty_due)`;
const PAID = sql`(i.principal_paid + i.interest_paid + i.fee_paid + i.penalty_paid)`;
/**
 * Arrears per loan, as the 360 counts them (contracts' daysPastDue and overdue state): instalments past
 * their date and not paid in full, read through the schedule's primary key, one loan at a time.
 */
const ARREARS = sql`cross join lateral (select (current_business_date() - min(i.due_date))::int as dpd,
    sum(${DUE} - ${PAID}) as arrears
  from loan_instalments i where i.loan_id = l.id and i.due_date < current_business_date() and ${PAID} < ${DUE}) ar`;
const FROM = sql`from loans l join accounts ac on ac.id = l.account_id join customers c on c.cust_id = l.cust_id
  join loan_products p on p.code = l.product_code ${ARREARS}`;

const SORTS: Record<LoanListQuery['sort'], SQL> = {
  disbursed: sql`l.disbursement_date`,
  amount: sql`l.amount`,
  // The loan account's balance is owed as a negative number: descending outstanding is ascending balance.
  outstanding: sql`(-ac.balance)`,
  id: sql`l.id`,
};

/** A page of loans, filtered and sorted in the database; `branch` is the caller's scope. */
export async function listLoans(
  db: Database,
  q: LoanListQuery,
  branch: string | undefined,
  w: PageWindow,
): Promise<Page<LoanSummary>> {
  const where: SQL[] = [sql`true`];
  if (q.status) where.push(sql`l.status = ${q.status}`);
  if (branch !== undefined) where.push(sql`l.branch_code = ${branch}`);
  if (q.product) where.push(sql`l.product_code = ${q.product}`);
  if (q.custId) where.push(sql`l.cust_id = ${q.custId}`);
  if (q.account) where.push(sql`ac.account_number like ${`${q.account.replace(/[\\%_]/g, '\\$&')}%`}`);
  const cond = sql.join(where, sql` and `);
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const [rows, [n]] = await Promise.all([
    queryRows<SummaryRow>(
      db,
      sql`select ${SUMMARY} ${FROM} where ${cond}
          order by ${SORTS[q.sort]} ${dir}, l.id ${dir} limit ${w.limit} offset ${w.offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from loans l join accounts ac on ac.id = l.account_id where ${cond}`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      custId: Number(r.custId),
      daysPastDue: Number(r.daysPastDue),
    })),
    total: Number(n!.n),
  };
}

type InstalmentRow = FrozenInstalment & Record<string, unknown>;

/** The frozen schedule, oldest first. */
export async function instalmentsOf(db: Database, loanId: number): Promise<FrozenInstalment[]> {
  return queryRows<InstalmentRow>(
    db,
    sql`select instalment_number as "instalmentNumber", to_char(due_date, 'YYYY-MM-DD') as "dueDate",
          principal_due::text as "principalDue", interest_due::text as "interestDue", fee_due::text as "feeDue",
          penalty_due::text as "penaltyDue", principal_paid::text as "principalPaid",
          interest_paid::text as "interestPaid", fee_paid::text as "feePaid", penalty_paid::text as "penaltyPaid"
        from loan_instalments where loan_id = ${loanId} order by instalment_number`,
  );
}

interface DetailRow extends SummaryRow {
  amountFinanced: string;
  processingFee: string;
  netDisbursed: string;
  interestMethod: LoanDetail['interestMethod'];
  frequency: LoanDetail['frequency'];
  firstDueDate: string;
  repaymentAccount: string;
  disbursedByEmail: string;
  approvedByEmail: string;
  accountId: string;
}

const sum = (xs: readonly string[]) => xs.reduce((s, x) => s + toCents(x), 0n);

/**
 * The loan 360: the header (status, principal owed, next due, days past due, arrears), the schedule
 * with each instalment's state on the business date, the application's guarantors and collateral, the
 * loan account's transactions (newest 100), the audit trail of the loan and its application, and the
 * requests pending on it. `scope` says whether the caller may see the loan's branch (404 otherwise
 * is the caller's choice: the route asserts the branch).
 */
export async function getLoan(db: Database, id: number): Promise<LoanDetail> {
  const [r] = await queryRows<DetailRow>(
    db,
    sql`select ${SUMMARY}, l.amount_financed::text as "amountFinanced", l.processing_fee::text as "processingFee",
          l.net_disbursed::text as "netDisbursed", l.interest_method as "interestMethod", l.frequency,
          to_char(l.first_due_date, 'YYYY-MM-DD') as "firstDueDate", rp.account_number as "repaymentAccount",
          l.disbursed_by_email as "disbursedByEmail", l.approved_by_email as "approvedByEmail",
          l.account_id::text as "accountId"
        ${FROM} join accounts rp on rp.id = l.repayment_account_id where l.id = ${id}`,
  );
  if (!r) throw notFound(T.notFound);
  const today = await currentBusinessDate(db);
  const [raw, application, transactions, audit, pendingApprovals] = await Promise.all([
    instalmentsOf(db, id),
    getApplication(db, Number(r.applicationId)),
    queryRows<LoanDetail['transactions'][number] & Record<string, unknown>>(
      db,
      sql`select t.id::int as "transactionId",
            to_char(t.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "postedAt",
            to_char(t.value_date, 'YYYY-MM-DD') as "valueDate", t.description, t.reference,
            t.direction as side, t.amount::text, t.balance_after::text as "balanceAfter"
          from transactions t where t.account_id = ${Number(r.accountId)} order by t.id desc limit 100`,
    ),
    queryRows<LoanDetail['audit'][number] & Record<string, unknown>>(
      db,
      sql`select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, action,
            actor_email as "actorEmail", outcome
          from audit_log
          where (target_type = 'loan_application' and target_id = ${String(r.applicationId)})
             or (target_type = 'loan' and target_id = ${String(r.id)})
          order by id desc limit 200`,
    ),
    queryRows<LoanDetail['pendingApprovals'][number] & Record<string, unknown>>(
      db,
      sql`select id::text, type, maker_email as "makerEmail",
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
          from approval_requests
          where status = 'pending' and business_date >= current_business_date()
            and ((subject_type = 'loan_application' and subject_id = ${String(r.applicationId)})
              or (subject_type = 'loan' and subject_id = ${String(r.id)}))
          order by created_at`,
    ),
  ]);
  const schedule = raw.map((i) => {
    const totalDue = sum([i.principalDue, i.interestDue, i.feeDue, i.penaltyDue]);
    const totalPaid = sum([i.principalPaid, i.interestPaid, i.feePaid, i.penaltyPaid]);
    return {
      ...i,
      totalDue: fromCents(totalDue),
      totalPaid: fromCents(totalPaid),
      state: instalmentState(i, today),
    };
  });
  const open = schedule.find((i) => i.state !== 'paid');
  const arrears = schedule
    .filter((i) => i.state === 'overdue')
    .reduce((s, i) => s + toCents(i.totalDue) - toCents(i.totalPaid), 0n);
  const totalInterest = sum(raw.map((i) => i.interestDue));
  // What the contract costs: everything the schedule asks (penalties aside) less what was paid out.
  const contractual = raw.map((i) => fromCents(sum([i.principalDue, i.interestDue, i.feeDue])));
  const costOfCredit = sum(contractual) - toCents(r.netDisbursed);
  const apr = annualPercentageRate({
    netReceived: r.netDisbursed,
    payments: contractual,
    periodsPerYear: PERIODS_PER_YEAR[r.frequency],
  });
  const { accountId: _accountId, ...header } = r;
  return {
    ...header,
    id: Number(r.id),
    applicationId: Number(r.applicationId),
    custId: Number(r.custId),
    apr,
    totalInterest: fromCents(totalInterest),
    totalCostOfCredit: fromCents(costOfCredit),
    nextDue: open
      ? { dueDate: open.dueDate, amount: fromCents(toCents(open.totalDue) - toCents(open.totalPaid)) }
      : null,
    daysPastDue: daysPastDue(raw, today),
    arrears: fromCents(arrears),
    schedule,
    guarantors: application.guarantors,
    collateral: application.collateral,
    transactions: transactions.map((t) => ({ ...t, transactionId: Number(t.transactionId) })),
    audit,
    pendingApprovals,
  };
}

/** The loan's branch, for the caller's scope check before anything else is read (404 when none). */
export async function loanBranch(db: Database, id: number): Promise<string> {
  const [r] = await queryRows<{ branch: string }>(
    db,
    sql`select branch_code as branch from loans where id = ${id}`,
  );
  if (!r) throw notFound(T.notFound);
  return r.branch;
}
