import { sql, type SQL } from 'drizzle-orm';
import { LOAN_CLASS_LABELS, type LoanClass, type LoanReportColumn } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { orderBy, pageClause, type Built, type ReportContext } from './context.ts';

/** Whose book a person sees: their own as the loans' officer, else their branch, else the bank's. */
export type BookScope =
  { kind: 'officer'; userId: string } | { kind: 'branch'; branch: string } | { kind: 'bank' };

/**
 * The caller's own book if they are the officer of any Active loan; else the branch they are scoped to
 * (null: every branch, with `branches.all`).
 */
export async function bookScope(db: Database, userId: string, branch: string | null): Promise<BookScope> {
  const [own] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from loan_applications a join loans l on l.application_id = a.id
         where a.officer_id = ${userId} and l.status = 'Active' limit 1`,
  );
  if (own) return { kind: 'officer', userId };
  return branch === null ? { kind: 'bank' } : { kind: 'branch', branch };
}

export const scopeFilter = (s: BookScope): SQL =>
  s.kind === 'officer'
    ? sql`and a.officer_id = ${s.userId}`
    : s.kind === 'branch'
      ? sql`and l.branch_code = ${s.branch}`
      : sql``;

/** The dashboard's Active Loans: a count of the Active loans in the caller's book, now. */
export async function activeLoansCount(db: Database, s: BookScope): Promise<number> {
  const [r] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from loans l join loan_applications a on a.id = l.application_id
         where l.status = 'Active' ${scopeFilter(s)}`,
  );
  return Number(r!.n);
}

const SORTS = {
  principal: sql`s.principal_outstanding`,
  dpd: sql`s.dpd`,
  loanId: sql`l.id`,
  customer: sql`c.name`,
};

/**
 * The loan officer's portfolio (docs/loan-reports.md): the loans of the caller's book on the date's
 * snapshot, with their standing; the dashboard's Active Loans card opens it.
 */
export async function officerPortfolio(c: ReportContext): Promise<Built> {
  const scope = await bookScope(c.db, c.userId, c.branch);
  const base = sql`from loan_daily_status s join loans l on l.id = s.loan_id
    join loan_applications a on a.id = l.application_id join customers c on c.cust_id = l.cust_id
   where s.business_date = ${c.date}::date ${scopeFilter(scope)}`;
  const rows = await queryRows<Record<string, string | null>>(
    c.db,
    sql`select l.id::text as "loanId", c.name as customer, c.mobile_no as phone, l.branch_code as branch,
               l.product_code as product, l.currency, s.principal_outstanding::text as principal,
               s.overdue_amount::text as overdue, s.dpd::text as dpd, s.loan_class as class,
               a.officer_email as officer
          ${base} ${orderBy(c, SORTS, 'principal')} ${pageClause(c)}`,
  );
  const totals = await queryRows<{ currency: string; n: string; principal: string; overdue: string }>(
    c.db,
    sql`select l.currency, count(*)::text as n, sum(s.principal_outstanding)::text as principal,
               sum(s.overdue_amount)::text as overdue
          ${base} group by l.currency order by l.currency`,
  );
  const columns: LoanReportColumn[] = [
    { key: 'loanId', label: 'Loan', kind: 'text', sortable: true },
    { key: 'customer', label: 'Borrower', kind: 'text', sortable: true },
    { key: 'phone', label: 'Phone', kind: 'text' },
    { key: 'branch', label: 'Branch', kind: 'text' },
    { key: 'product', label: 'Product', kind: 'text' },
    { key: 'currency', label: 'Currency', kind: 'text' },
    { key: 'principal', label: 'Principal outstanding', kind: 'money', sortable: true },
    { key: 'overdue', label: 'Overdue', kind: 'money' },
    { key: 'dpd', label: 'Days past due', kind: 'count', sortable: true },
    { key: 'class', label: 'Class', kind: 'text' },
    { key: 'officer', label: 'Officer', kind: 'text' },
  ];
  const who =
    scope.kind === 'officer'
      ? 'My loans as their officer'
      : scope.kind === 'branch'
        ? `Branch ${scope.branch}`
        : 'All branches';
  return {
    subtitle: [who],
    columns,
    rows: rows.map((r) => ({ ...r, class: LOAN_CLASS_LABELS[r.class as LoanClass] ?? r.class })),
    totals: totals.map((t) => ({
      loanId: `Total (${t.n} loans)`,
      currency: t.currency,
      principal: t.principal,
      overdue: t.overdue,
    })),
    notes: [],
    total: totals.reduce((n, t) => n + Number(t.n), 0),
  };
}
