import { sql } from 'drizzle-orm';
import {
  ARREARS_BUCKETS,
  LOAN_CLASS_LABELS,
  type LoanClass,
  type LoanReportColumn,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { branchFilter, orderBy, pageClause, scopeLine, type Built, type ReportContext } from './context.ts';

const bucketOf = (dpd: number) =>
  ARREARS_BUCKETS.find((b) => dpd >= b.min && (b.max === null || dpd <= b.max))!.key;

const SORTS = {
  dpd: sql`s.dpd`,
  overdue: sql`s.overdue_amount`,
  principal: sql`s.principal_outstanding`,
  loanId: sql`l.id`,
  customer: sql`c.name`,
};

/**
 * Arrears ageing (docs/loan-reports.md): each loan past due on the date, worst first, its overdue
 * amount in the bucket of its days past due, with the borrower's phone and address for collections.
 * Paged in the database through the partial index on (date, dpd desc) of loans in arrears.
 */
export async function arrearsAgeing(c: ReportContext): Promise<Built> {
  const where = sql`s.business_date = ${c.date}::date and s.dpd > 0 ${branchFilter(c)}`;
  const rows = await queryRows<Record<string, string | null> & { dpd_n: number }>(
    c.db,
    sql`select l.id::text as "loanId", acc.account_number as account, c.name as customer,
               c.mobile_no as phone, c.address, l.branch_code as branch, l.product_code as product,
               l.currency, s.dpd::text as dpd, s.dpd as dpd_n, s.loan_class as class,
               s.principal_outstanding::text as principal, s.overdue_amount::text as overdue
          from loan_daily_status s join loans l on l.id = s.loan_id
          join customers c on c.cust_id = l.cust_id join accounts acc on acc.id = l.account_id
         where ${where} ${orderBy(c, SORTS, 'dpd')} ${pageClause(c)}`,
  );
  const totals = await queryRows<Record<string, string | null>>(
    c.db,
    sql`select l.currency, count(*)::text as "loanId", sum(s.principal_outstanding)::text as principal,
               sum(s.overdue_amount)::text as overdue,
               ${sql.join(
                 ARREARS_BUCKETS.map(
                   (b) =>
                     sql`coalesce(sum(s.overdue_amount) filter (where s.dpd >= ${b.min}${b.max === null ? sql`` : sql` and s.dpd <= ${b.max}`}), 0)::text as ${sql.identifier(b.key)}`,
                 ),
                 sql`, `,
               )}
          from loan_daily_status s join loans l on l.id = s.loan_id
         where ${where} group by l.currency order by l.currency`,
  );
  const columns: LoanReportColumn[] = [
    { key: 'loanId', label: 'Loan', kind: 'text', sortable: true },
    { key: 'account', label: 'Account', kind: 'text' },
    { key: 'customer', label: 'Borrower', kind: 'text', sortable: true },
    { key: 'phone', label: 'Phone', kind: 'text' },
    { key: 'address', label: 'Address', kind: 'text' },
    { key: 'branch', label: 'Branch', kind: 'text' },
    { key: 'product', label: 'Product', kind: 'text' },
    { key: 'currency', label: 'Currency', kind: 'text' },
    { key: 'dpd', label: 'Days past due', kind: 'count', sortable: true },
    { key: 'class', label: 'Class', kind: 'text' },
    { key: 'principal', label: 'Principal outstanding', kind: 'money', sortable: true },
    { key: 'overdue', label: 'Overdue', kind: 'money', sortable: true },
    ...ARREARS_BUCKETS.map((b): LoanReportColumn => ({ key: b.key, label: b.label, kind: 'money' })),
  ];
  return {
    subtitle: [scopeLine(c), 'Loans past due on the date, with contacts for collections'],
    columns,
    rows: rows.map(({ dpd_n, ...r }): Record<string, string | null> => ({
      ...r,
      class: LOAN_CLASS_LABELS[r.class as LoanClass] ?? r.class ?? null,
      [bucketOf(dpd_n)]: r.overdue ?? null,
    })),
    totals: totals.map((t) => ({ ...t, loanId: `Total (${t.loanId} loans)` })),
    notes: [
      'A loan’s whole overdue amount sits in the bucket of its days past due (its oldest unpaid instalment).',
    ],
    total: totals.reduce((n, t) => n + Number(t.loanId), 0),
  };
}
