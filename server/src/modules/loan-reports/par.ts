import { sql } from 'drizzle-orm';
import type { LoanReportColumn, ParGrouping } from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { branchFilter, pct, scopeLine, type Built, type ReportContext } from './context.ts';

const GROUP: Record<ParGrouping, { key: ReturnType<typeof sql>; label: string }> = {
  branch: { key: sql`l.branch_code || ' ' || coalesce(b.name, '')`, label: 'Branch' },
  product: { key: sql`l.product_code || ' ' || coalesce(p.name, '')`, label: 'Product' },
  officer: { key: sql`a.officer_email`, label: 'Loan officer' },
  sector: { key: sql`a.sector`, label: 'Sector' },
};

/**
 * Portfolio at risk (docs/loan-reports.md): per group and currency, the principal outstanding of loans
 * 1, 30 and 90 or more days past due as a share of the group's whole principal outstanding, with the
 * counts. One pass over the date's snapshot (its primary key), grouped with ROLLUP-free totals per
 * currency computed in the same query.
 */
export async function portfolioAtRisk(c: ReportContext): Promise<Built> {
  const g = GROUP[c.query.by];
  const rows = await queryRows<Record<string, string | null> & { is_total: boolean }>(
    c.db,
    sql`with book as (
      select ${g.key} as grp, l.currency, s.principal_outstanding as p, s.dpd
        from loan_daily_status s join loans l on l.id = s.loan_id
        join loan_applications a on a.id = l.application_id
        left join branches b on b.code = l.branch_code
        left join loan_products p on p.code = l.product_code
       where s.business_date = ${c.date}::date ${branchFilter(c)}),
    agg as (
      select grp, currency, grouping(grp) = 1 as is_total, count(*) as n, sum(p) as portfolio,
             count(*) filter (where dpd >= 1) as n1, coalesce(sum(p) filter (where dpd >= 1), 0) as p1,
             count(*) filter (where dpd >= 30) as n30, coalesce(sum(p) filter (where dpd >= 30), 0) as p30,
             count(*) filter (where dpd >= 90) as n90, coalesce(sum(p) filter (where dpd >= 90), 0) as p90
        from book group by grouping sets ((currency, grp), (currency)))
    select case when is_total then 'Total' else grp end as "group", currency, is_total, n::text as loans,
           portfolio::numeric(20,2)::text as portfolio,
           p1::numeric(20,2)::text as par1, ${pct(sql`p1`, sql`portfolio`)} as par1_pct, n1::text as par1_loans,
           p30::numeric(20,2)::text as par30, ${pct(sql`p30`, sql`portfolio`)} as par30_pct, n30::text as par30_loans,
           p90::numeric(20,2)::text as par90, ${pct(sql`p90`, sql`portfolio`)} as par90_pct, n90::text as par90_loans
      from agg order by currency, is_total, grp`,
  );
  const columns: LoanReportColumn[] = [
    { key: 'group', label: g.label, kind: 'text' },
    { key: 'currency', label: 'Currency', kind: 'text' },
    { key: 'loans', label: 'Loans', kind: 'count' },
    { key: 'portfolio', label: 'Principal outstanding', kind: 'money' },
    ...([1, 30, 90] as const).flatMap((k): LoanReportColumn[] => [
      { key: `par${k}`, label: `PAR${k}`, kind: 'money' },
      { key: `par${k}_pct`, label: `PAR${k} %`, kind: 'percent' },
      { key: `par${k}_loans`, label: `PAR${k} loans`, kind: 'count' },
    ]),
  ];
  const strip = ({ is_total: _t, ...r }: (typeof rows)[number]) => r;
  const body = rows.filter((r) => !r.is_total).map(strip);
  return {
    subtitle: [scopeLine(c), `By ${g.label.toLowerCase()}`],
    columns,
    rows: body,
    totals: rows.filter((r) => r.is_total).map(strip),
    notes: ['PARn: principal outstanding of loans n or more days past due ÷ all principal outstanding.'],
    total: body.length,
  };
}
