import { sql } from 'drizzle-orm';
import {
  LARGE_EXPOSURE_PERCENT,
  LOAN_REPORT_TEXT,
  SINGLE_OBLIGOR_LIMIT_PERCENT,
  type LoanReportColumn,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { capitalFor } from './capital.ts';
import { branchFilter, scopeLine, type Built, type ReportContext } from './context.ts';

/** Obligors listed when no capital is recorded for the month (the largest first). */
const TOP_WITHOUT_CAPITAL = 50;

/**
 * Large exposures (docs/loan-reports.md): per obligor on the date's book, principal plus interest
 * receivable in Leones (a US dollar loan at the date's mid rate, or the latest before it), less the
 * eligible collateral, against the bank's capital for the date's month. Listed: every obligor at or
 * above LARGE_EXPOSURE_PERCENT of capital, marked when over the single-obligor limit; without a
 * capital figure, the largest obligors, the shares left blank.
 */
export async function largeExposures(c: ReportContext): Promise<Built> {
  const capital = await capitalFor(c.db, c.date.slice(0, 7));
  const threshold = capital ? sql`${capital}::numeric * ${LARGE_EXPOSURE_PERCENT}::numeric / 100` : null;
  const rows = await queryRows<Record<string, string | null>>(
    c.db,
    sql`with fx as (
      select distinct on (currency) currency, mid from fx_rates
       where business_date <= ${c.date}::date order by currency, business_date desc),
    book as (
      select l.cust_id, count(*) as loans,
             sum((s.principal_outstanding + s.interest_receivable) * coalesce(fx.mid, 1)) as gross,
             sum(coalesce(k.eligible, 0) * coalesce(fx.mid, 1)) as eligible
        from loan_daily_status s join loans l on l.id = s.loan_id
        left join fx on fx.currency = l.currency and l.currency <> 'SLE'
        left join lateral (
          select sum(trunc(forced_sale_value * (100 - haircut_percent) / 100, 2)) as eligible
            from loan_application_collateral where application_id = l.application_id) k on true
       where s.business_date = ${c.date}::date ${branchFilter(c)}
       group by l.cust_id)
    select b.cust_id::text as "custId", cu.name as obligor, cu.type, b.loans::text as loans,
           round(b.gross, 2)::text as exposure, round(least(b.eligible, b.gross), 2)::text as collateral,
           round(b.gross - least(b.eligible, b.gross), 2)::text as net,
           ${capital ? sql`round(100 * b.gross / ${capital}::numeric, 2)::text` : sql`null`} as "capitalShare",
           ${capital ? sql`case when 100 * b.gross / ${capital}::numeric > ${SINGLE_OBLIGOR_LIMIT_PERCENT}::numeric then 'Over the limit' else 'Large' end` : sql`null`} as flag
      from book b join customers cu on cu.cust_id = b.cust_id
     ${threshold ? sql`where b.gross >= ${threshold}` : sql``}
     order by b.gross desc, b.cust_id ${threshold ? sql`` : sql`limit ${TOP_WITHOUT_CAPITAL}`}`,
  );
  const columns: LoanReportColumn[] = [
    { key: 'custId', label: 'Customer', kind: 'text' },
    { key: 'obligor', label: 'Obligor', kind: 'text' },
    { key: 'type', label: 'Type', kind: 'text' },
    { key: 'loans', label: 'Loans', kind: 'count' },
    { key: 'exposure', label: 'Exposure (Le)', kind: 'money' },
    { key: 'collateral', label: 'Eligible collateral (Le)', kind: 'money' },
    { key: 'net', label: 'Net exposure (Le)', kind: 'money' },
    { key: 'capitalShare', label: '% of capital', kind: 'percent' },
    { key: 'flag', label: 'Flag', kind: 'text' },
  ];
  const notes = [
    `Large: exposure at or above ${LARGE_EXPOSURE_PERCENT}% of capital; over the limit: above ${SINGLE_OBLIGOR_LIMIT_PERCENT}%.`,
    'Exposure = principal outstanding + interest receivable, foreign currency at the day’s mid rate.',
  ];
  if (!capital) notes.unshift(LOAN_REPORT_TEXT.noCapital);
  return {
    subtitle: [
      scopeLine(c),
      capital ? `Capital for ${c.date.slice(0, 7)}: Le ${capital}` : `No capital for ${c.date.slice(0, 7)}`,
    ],
    columns,
    rows,
    totals: [],
    notes,
    total: rows.length,
  };
}
