import { sql } from 'drizzle-orm';
import type { LoanReportColumn } from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { branchFilter, pct, scopeLine, type Built, type ReportContext } from './context.ts';

/**
 * Disbursements and collections (docs/loan-reports.md): for each day of the period and currency, the
 * loans disbursed (count, amount financed), what instalments fell due (expected: all four parts), what
 * was collected (repayments by value date, reversed ones left out) and the collection rate
 * (collected ÷ expected). Each part reads its own index by date.
 */
export async function disbursementsCollections(c: ReportContext): Promise<Built> {
  const from = c.query.from ?? `${c.date.slice(0, 7)}-01`;
  const range = (col: ReturnType<typeof sql>) => sql`${col} between ${from}::date and ${c.date}::date`;
  const rows = await queryRows<Record<string, string | null> & { is_total: boolean }>(
    c.db,
    sql`with d as (
      select l.disbursement_date as day, l.currency, count(*) as n, sum(l.amount_financed) as amount
        from loans l where ${range(sql`l.disbursement_date`)} ${branchFilter(c)} group by 1, 2),
    e as (
      select i.due_date as day, l.currency,
             sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_due) as expected
        from loan_instalments i join loans l on l.id = i.loan_id
       where ${range(sql`i.due_date`)} ${branchFilter(c)} group by 1, 2),
    k as (
      select r.value_date as day, l.currency, sum(r.amount) as collected
        from loan_repayments r join loans l on l.id = r.loan_id
       where ${range(sql`r.value_date`)} and r.reversal_entry_id is null ${branchFilter(c)} group by 1, 2),
    days as (select day, currency from d union select day, currency from e union select day, currency from k),
    joined as (
      select x.day, x.currency, coalesce(d.n, 0) as n, coalesce(d.amount, 0) as disbursed,
             coalesce(e.expected, 0) as expected, coalesce(k.collected, 0) as collected
        from days x left join d using (day, currency) left join e using (day, currency)
        left join k using (day, currency)),
    agg as (
      select day, currency, grouping(day) = 1 as is_total, sum(n) as n, sum(disbursed) as disbursed,
             sum(expected) as expected, sum(collected) as collected
        from joined group by grouping sets ((currency, day), (currency)))
    select case when is_total then 'Total' else day::text end as day, currency, is_total,
           n::text as disbursements, disbursed::numeric(20,2)::text as disbursed,
           expected::numeric(20,2)::text as expected, collected::numeric(20,2)::text as collected,
           case when expected = 0 then null else ${pct(sql`collected`, sql`expected`)} end as rate
      from agg order by currency, is_total, agg.day`,
  );
  const columns: LoanReportColumn[] = [
    { key: 'day', label: 'Day', kind: 'date' },
    { key: 'currency', label: 'Currency', kind: 'text' },
    { key: 'disbursements', label: 'Loans disbursed', kind: 'count' },
    { key: 'disbursed', label: 'Amount disbursed', kind: 'money' },
    { key: 'expected', label: 'Expected', kind: 'money' },
    { key: 'collected', label: 'Collected', kind: 'money' },
    { key: 'rate', label: 'Collection rate %', kind: 'percent' },
  ];
  const strip = ({ is_total: _t, ...r }: (typeof rows)[number]) => r;
  const body = rows.filter((r) => !r.is_total).map(strip);
  return {
    subtitle: [scopeLine(c), `From ${from} to ${c.date}`],
    columns,
    rows: body,
    totals: rows.filter((r) => r.is_total).map(strip),
    notes: [
      'Expected: instalments falling due that day (principal, interest, fees, penalties).',
      'Collected: repayments with that value date, reversed ones left out; collection rate = collected ÷ expected.',
    ],
    total: body.length,
  };
}
