import { sql } from 'drizzle-orm';
import {
  describeStepTotals,
  EOD_REPORT_TITLES,
  EOD_STEP_LABELS,
  type EodReport,
  type EodReportKind,
  type EodReportQuery,
  type EodStep,
} from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { currentBusinessDate } from '../../../db/business-date.ts';

/** Rows a report shows on screen and in the PDF; the CSV has them all. */
export const SCREEN_ROWS = 2000;

const col = (title: string, numeric = false) => ({ title, numeric });
/** Shown as money in the row's currency on screen and in the PDF; the CSV keeps the raw decimal. */
const money = (title: string) => ({ title, numeric: true, money: true });
type Cells = Record<string, unknown> & { c: string[] };

/** The business date the last completed run closed, else the day before the business date. */
async function lastClosed(db: Database): Promise<string> {
  const [r] = await queryRows<{ d: string }>(
    db,
    sql`select coalesce((select max(business_date) from eod_runs where status = 'completed'), current_business_date() - 1)::text as d`,
  );
  return r!.d;
}

async function daily(db: Database, q: EodReportQuery): Promise<EodReport> {
  const date = q.date ?? (await lastClosed(db));
  const [run] = await queryRows<{
    id: string;
    status: string;
    requested: string;
    approved: string | null;
    next: string;
  }>(
    db,
    sql`select id::text, status, requested_email as requested, approved_email as approved, next_business_date::text as next
          from eod_runs where business_date = ${date}::date order by (status = 'completed') desc, id desc limit 1`,
  );
  const steps = run
    ? await queryRows<Cells & { step: EodStep; totals: Record<string, string>; note: string | null }>(
        db,
        sql`select step, totals, note, array[status, rows_done::text, rows_total::text, rows_failed::text,
                     coalesce(to_char(started_at at time zone 'UTC', 'HH24:MI:SS'), ''),
                     coalesce(round(extract(epoch from finished_at - started_at)::numeric, 1)::text, '')] as c
              from eod_run_steps where run_id = ${run.id}::bigint order by position`,
      )
    : [];
  const whatItDid = (s: { totals: Record<string, string>; note: string | null }) =>
    Object.keys(s.totals).length > 0 ? describeStepTotals(s.totals) : (s.note ?? '');
  return {
    report: 'daily',
    title: EOD_REPORT_TITLES.daily,
    subtitle: run
      ? [
          `Business date ${date} → ${run.next}`,
          `Run ${run.id} (${run.status}), asked by ${run.requested}, confirmed by ${run.approved ?? '—'}`,
        ]
      : [`Business date ${date}`, 'No end-of-day run for this date'],
    columns: [
      col('Step'),
      col('State'),
      col('Rows', true),
      col('Of', true),
      col('Failed', true),
      col('Started (UTC)'),
      col('Seconds', true),
      col('What it did'),
    ],
    rows: steps.map((s) => [EOD_STEP_LABELS[s.step], ...s.c, whatItDid(s)]),
    totals: [],
    truncated: false,
  };
}

async function interest(db: Database, q: EodReportQuery): Promise<EodReport> {
  const today = await currentBusinessDate(db);
  const from = q.from ?? `${today.slice(0, 7)}-01`;
  const to = q.to ?? today;
  const rows = await queryRows<Cells>(
    db,
    sql`with acc as (
          select product_code, branch_code, currency,
                 sum(accrued) filter (where kind = 'credit') as accrued, sum(accrued) filter (where kind = 'debit') as od_accrued
            from eod_interest_daily where business_date between ${from}::date and ${to}::date group by 1, 2, 3),
        paid as (
          select product_code, branch_code, currency,
                 sum(gross) filter (where kind = 'credit') as gross, sum(wht) filter (where kind = 'credit') as wht,
                 sum(net) filter (where kind = 'credit') as net, sum(gross) filter (where kind = 'debit') as od_charged
            from interest_postings where business_date between ${from}::date and ${to}::date group by 1, 2, 3)
        select array[coalesce(a.product_code, p.product_code), coalesce(a.branch_code, p.branch_code), coalesce(a.currency, p.currency),
                     coalesce(a.accrued, 0)::text, coalesce(p.gross, 0)::text, coalesce(p.wht, 0)::text, coalesce(p.net, 0)::text,
                     coalesce(a.od_accrued, 0)::text, coalesce(p.od_charged, 0)::text] as c
          from acc a full join paid p using (product_code, branch_code, currency)
         order by 1`,
  );
  const totals = await queryRows<Cells>(
    db,
    sql`select array['Total', '', currency, coalesce(sum(a), 0)::text, coalesce(sum(g), 0)::text, coalesce(sum(w), 0)::text,
                     coalesce(sum(n), 0)::text, coalesce(sum(oa), 0)::text, coalesce(sum(oc), 0)::text] as c
          from (select currency, accrued as a, null::numeric as g, null::numeric as w, null::numeric as n,
                       null::numeric as oa, null::numeric as oc
                  from eod_interest_daily where business_date between ${from}::date and ${to}::date and kind = 'credit'
                union all select currency, null, null, null, null, accrued, null
                  from eod_interest_daily where business_date between ${from}::date and ${to}::date and kind = 'debit'
                union all select currency, null, gross, wht, net, null, null
                  from interest_postings where business_date between ${from}::date and ${to}::date and kind = 'credit'
                union all select currency, null, null, null, null, null, gross
                  from interest_postings where business_date between ${from}::date and ${to}::date and kind = 'debit') x
         group by currency order by currency`,
  );
  return {
    report: 'interest',
    title: EOD_REPORT_TITLES.interest,
    subtitle: [
      `Business dates ${from} to ${to}`,
      'Accrued: booked to the GL in cents; paid: gross, 15% WHT, net to accounts',
    ],
    columns: [
      col('Product'),
      col('Branch'),
      col('Ccy'),
      money('Accrued'),
      money('Paid gross'),
      money('WHT'),
      money('Net'),
      money('OD accrued'),
      money('OD charged'),
    ],
    currencyColumn: 2,
    rows: rows.map((r) => r.c),
    totals: totals.map((r) => r.c),
    truncated: false,
  };
}

async function wht(db: Database, q: EodReportQuery): Promise<EodReport> {
  const month = q.month ?? (await currentBusinessDate(db)).slice(0, 7);
  const range = sql`business_date >= ${`${month}-01`}::date and business_date < (${`${month}-01`}::date + interval '1 month')`;
  const rows = await queryRows<Cells>(
    db,
    sql`select array[ip.branch_code, ip.product_code, ip.currency, p.wht_payable_gl, count(*)::text, sum(ip.gross)::text, sum(ip.wht)::text] as c
          from interest_postings ip join products p on p.code = ip.product_code
         where ${range} and ip.kind = 'credit'
         group by ip.branch_code, ip.product_code, ip.currency, p.wht_payable_gl
         order by ip.branch_code, ip.product_code, ip.currency`,
  );
  const totals = await queryRows<Cells>(
    db,
    sql`select array['Due to NRA', '', currency, '', count(*)::text, sum(gross)::text, sum(wht)::text] as c
          from interest_postings where ${range} and kind = 'credit' group by currency order by currency`,
  );
  return {
    report: 'wht',
    title: EOD_REPORT_TITLES.wht,
    subtitle: [
      `Month ${month}`,
      'Withholding tax of 15% on interest paid to depositors, rounded to the cent per posting',
    ],
    columns: [
      col('Branch'),
      col('Product'),
      col('Ccy'),
      col('Payable GL'),
      col('Postings', true),
      money('Gross interest'),
      money('WHT'),
    ],
    currencyColumn: 2,
    rows: rows.map((r) => r.c),
    totals: totals.map((r) => r.c),
    truncated: false,
  };
}

async function dormant(db: Database, q: EodReportQuery, all: boolean): Promise<EodReport> {
  const date = q.date ?? (await lastClosed(db));
  const rows = await queryRows<Cells>(
    db,
    sql`select array[a.account_number, c.name, a.product_code, a.branch_code, m.last_activity::text, m.dormancy_days::text, a.status] as c
          from eod_dormancy_marks m join accounts a on a.id = m.account_id join customers c on c.cust_id = a.cust_id
         where m.business_date = ${date}::date order by a.account_number
         ${all ? sql`` : sql`limit ${SCREEN_ROWS + 1}`}`,
  );
  const [n] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from eod_dormancy_marks where business_date = ${date}::date`,
  );
  return {
    report: 'dormant',
    title: EOD_REPORT_TITLES.dormant,
    subtitle: [
      `Marked by end of day of ${date}`,
      'No customer-initiated activity for the product’s dormancy period',
    ],
    columns: [
      col('Account'),
      col('Customer'),
      col('Product'),
      col('Branch'),
      col('Last activity'),
      col('Dormancy days', true),
      col('Status now'),
    ],
    rows: rows.slice(0, all ? undefined : SCREEN_ROWS).map((r) => r.c),
    totals: [['Accounts', n!.n, '', '', '', '', '']],
    truncated: !all && rows.length > SCREEN_ROWS,
  };
}

export async function buildEodReport(
  db: Database,
  kind: EodReportKind,
  q: EodReportQuery,
  all = false,
): Promise<EodReport> {
  switch (kind) {
    case 'daily':
      return daily(db, q);
    case 'interest':
      return interest(db, q);
    case 'wht':
      return wht(db, q);
    case 'dormant':
      return dormant(db, q, all);
  }
}
