import { sql } from 'drizzle-orm';
import { LOAN_CLASS_LABELS, type LoanClass, type LoanReportColumn } from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { branchFilter, orderBy, pageClause, scopeLine, type Built, type ReportContext } from './context.ts';

const SORTS = {
  principal: sql`s.principal_outstanding`,
  rate: sql`l.rate`,
  loanId: sql`l.id`,
  customer: sql`c.name`,
};

/**
 * Insider and related-party loans (docs/loan-reports.md): loans on the date's book whose borrower is a
 * member of staff (customer type employee), a PEP, flagged related party or PEP at appraisal, or an
 * organisation with a staff or PEP director or signatory; each with its rate and term beside the
 * product version's standard terms, so a favourable deal shows.
 */
export async function insiderLoans(c: ReportContext): Promise<Built> {
  const base = sql`
    from loan_daily_status s join loans l on l.id = s.loan_id
    join customers c on c.cust_id = l.cust_id
    join loan_applications a on a.id = l.application_id
    join loan_product_versions v on v.product_code = l.product_code and v.version = l.product_version
    cross join lateral (
      select array_remove(array[
        case when c.type = 'employee' or coalesce(a.appraisal -> 'flags', '[]'::jsonb) @> '[{"code": "related_party"}]' then 'Staff' end,
        case when c.pep or coalesce(a.appraisal -> 'flags', '[]'::jsonb) @> '[{"code": "pep"}]' then 'PEP' end,
        case when exists (select 1 from customer_relations r join customers d on d.cust_id = r.related_id
                           where r.cust_id = c.cust_id and (d.type = 'employee' or d.pep))
             then 'Staff or PEP director/signatory' end], null) as why) w
    where s.business_date = ${c.date}::date and cardinality(w.why) > 0 ${branchFilter(c)}`;
  const rows = await queryRows<Record<string, string | null>>(
    c.db,
    sql`select l.id::text as "loanId", c.name as customer, array_to_string(w.why, ', ') as relation,
               l.branch_code as branch, l.product_code as product, l.currency,
               s.principal_outstanding::text as principal, s.loan_class as class,
               l.rate::numeric(9,2)::text as rate, v.default_rate::numeric(9,2)::text as "standardRate",
               (l.rate - v.default_rate)::numeric(9,2)::text as "rateDifference",
               l.term::text as term, v.min_term || '–' || v.max_term as "standardTerm",
               l.disbursement_date::text as disbursed, l.approved_by_email as "approvedBy"
          ${base} ${orderBy(c, SORTS, 'principal')} ${pageClause(c)}`,
  );
  const totals = await queryRows<{ currency: string; n: string; principal: string }>(
    c.db,
    sql`select l.currency, count(*)::text as n, sum(s.principal_outstanding)::text as principal
          ${base} group by l.currency order by l.currency`,
  );
  const columns: LoanReportColumn[] = [
    { key: 'loanId', label: 'Loan', kind: 'text', sortable: true },
    { key: 'customer', label: 'Borrower', kind: 'text', sortable: true },
    { key: 'relation', label: 'Relation', kind: 'text' },
    { key: 'branch', label: 'Branch', kind: 'text' },
    { key: 'product', label: 'Product', kind: 'text' },
    { key: 'currency', label: 'Currency', kind: 'text' },
    { key: 'principal', label: 'Principal outstanding', kind: 'money', sortable: true },
    { key: 'class', label: 'Class', kind: 'text' },
    { key: 'rate', label: 'Rate %', kind: 'percent', sortable: true },
    { key: 'standardRate', label: 'Standard rate %', kind: 'percent' },
    { key: 'rateDifference', label: 'Rate difference', kind: 'percent' },
    { key: 'term', label: 'Term', kind: 'count' },
    { key: 'standardTerm', label: 'Standard term', kind: 'text' },
    { key: 'disbursed', label: 'Disbursed', kind: 'date' },
    { key: 'approvedBy', label: 'Approved by', kind: 'text' },
  ];
  return {
    subtitle: [
      scopeLine(c),
      'Staff, PEPs and organisations they direct, against the product’s standard terms',
    ],
    columns,
    rows: rows.map((r) => ({ ...r, class: LOAN_CLASS_LABELS[r.class as LoanClass] ?? r.class ?? null })),
    totals: totals.map((t) => ({
      loanId: `Total (${t.n} loans)`,
      currency: t.currency,
      principal: t.principal,
    })),
    notes: ['Standard terms: the product version’s default rate and term range the loan was made under.'],
    total: totals.reduce((n, t) => n + Number(t.n), 0),
  };
}
