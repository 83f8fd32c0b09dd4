import { sql } from 'drizzle-orm';
import {
  CTR_DEFAULT_DAYS,
  CTR_MAX_DAYS,
  CTR_TEXT,
  type CtrReport,
  type CtrReportQuery,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { csvRow } from '../../lib/csv.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { ctrGroupsSql, ctrTransactionsSql, type CtrRange } from '../teller/index.ts';

export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export async function currentBusinessDate(db: Database): Promise<string> {
  const [r] = await queryRows<{ d: string }>(db, sql`select current_business_date()::text as d`);
  return r!.d;
}

/**
 * The range a list covers: up to the end date (the current business date if none), from the start
 * date or CTR_DEFAULT_DAYS before; never wider than CTR_MAX_DAYS, so no request walks all history.
 */
export async function ctrRange(db: Database, q: Pick<CtrReportQuery, 'from' | 'to'>) {
  const to = q.to ?? (await currentBusinessDate(db));
  const from = q.from ?? addDays(to, 1 - CTR_DEFAULT_DAYS);
  if (from > to) throw badRequest(CTR_TEXT.fromAfterTo, [{ path: '/from', message: 'after to' }]);
  if (daysBetween(from, to) > CTR_MAX_DAYS)
    throw badRequest(CTR_TEXT.rangeTooWide, [{ path: '/from', message: CTR_TEXT.rangeTooWide }]);
  return { from, to };
}

/**
 * A page of CTRs (or, with `window` undefined, all of the range for the CSV), newest day first, then
 * the largest; each with its transactions and the filing that carried it, if any.
 */
export async function ctrReports(
  db: Database,
  range: CtrRange,
  window: PageWindow | undefined,
): Promise<{ rows: CtrReport[]; total: number }> {
  const groups = ctrGroupsSql(range);
  const [n] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${groups}) g`);
  const rows = await queryRows<CtrReport>(
    db,
    sql`select g.business_date::text as "businessDate", g.cust_id as "custId", g.customer_name as "customerName",
               g.customer_branch as "customerBranch", g.currency, g.direction, g.total::text as total,
               g.n as count, f.reference as "filingReference", x.transactions
          from (select * from (${groups}) g0
                 order by g0.business_date desc, g0.total desc, g0.cust_id, g0.currency, g0.direction
                 ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``}) g
          left join aml_ctr_filing_rows r on r.business_date = g.business_date and r.cust_id = g.cust_id
                and r.currency = g.currency and r.direction = g.direction
          left join aml_ctr_filings f on f.id = r.filing_id
          cross join lateral (${ctrTransactionsSql('g')}) x
         order by g.business_date desc, g.total desc, g.cust_id, g.currency, g.direction`,
  );
  return { rows, total: Number(n!.n) };
}

const HEADER = [
  'Business date',
  'Customer',
  'Customer name',
  'Home branch',
  'Currency',
  'Direction',
  'Total',
  'Transactions',
  'Reference',
  'Branch',
  'Account',
  'Amount',
  'Posted',
  'Person at counter',
  'ID',
  'Filing',
];

/** One line per transaction, its CTR's figures repeated, so a spreadsheet can sum or pivot either. */
export function ctrReportsCsv(rows: CtrReport[]): string {
  const lines = rows.flatMap((r) =>
    r.transactions.map((t) =>
      csvRow([
        r.businessDate,
        String(r.custId),
        r.customerName,
        r.customerBranch,
        r.currency,
        r.direction,
        r.total,
        String(r.count),
        t.reference,
        t.branch,
        t.accountNumber,
        t.amount,
        t.postedAt,
        t.partyName,
        t.partyIdNumber,
        r.filingReference ?? '',
      ]),
    ),
  );
  return csvRow(HEADER) + lines.join('');
}
