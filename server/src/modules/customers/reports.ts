import { sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_REPORTS,
  CUSTOMER_REPORT_MAX_ROWS,
  type CustomerReport,
  type CustomerReportData,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const RISK = sql`coalesce(c.risk_override, c.risk_rating)`;

/** Each report's filter and the note saying why a customer is on it. */
function reportSql(report: CustomerReport, from: string, to: string): { where: SQL; note: SQL } {
  switch (report) {
    case 'new-customers':
      return {
        where: sql`c.created_at >= ${from}::date and c.created_at < ${to}::date + 1`,
        note: sql`'Opened ' || to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD')`,
      };
    case 'kyc-gaps':
      // Incomplete files of live customers, and IDs that expire before `to` plus 90 days.
      return {
        where: sql`c.status <> 'Closed' and (not c.kyc_complete or c.id_expires_on < ${to}::date + 90)`,
        note: sql`concat_ws('; ', case when not c.kyc_complete then 'KYC incomplete' end,
                   case when c.id_expires_on < ${to}::date + 90 then 'ID expires ' || c.id_expires_on::text end)`,
      };
    case 'pep-high-risk':
      return {
        where: sql`c.status <> 'Closed' and (c.pep or ${RISK} = 'high')`,
        note: sql`concat_ws('; ', case when c.pep then 'PEP' end, case when ${RISK} = 'high' then 'High risk' end,
                   'review ' || c.review_on::text)`,
      };
    case 'dormant':
      return {
        where: sql`c.status = 'Dormant'`,
        note: sql`'Dormant since ' || to_char(c.updated_at, 'YYYY-MM-DD')`,
      };
  }
}

/** The report's rows (at most CUSTOMER_REPORT_MAX_ROWS, by id) and its full count. */
export async function buildReport(
  db: Database,
  report: CustomerReport,
  p: { from: string; to: string; branch: string | undefined },
): Promise<CustomerReportData> {
  const { where, note } = reportSql(report, p.from, p.to);
  const scoped = p.branch ? sql`${where} and c.branch_code = ${p.branch}` : where;
  return db.transaction(
    async (tx) => {
      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from customers c where ${scoped}`,
      );
      const rows = await queryRows<CustomerReportData['rows'][number]>(
        tx,
        sql`select c.cust_id as id, c.name, c.type, c.branch_code as branch, c.status, ${RISK} as risk, ${note} as note,
              to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as "createdAt"
            from customers c where ${scoped} order by c.cust_id limit ${CUSTOMER_REPORT_MAX_ROWS}`,
      );
      return {
        report,
        title: CUSTOMER_REPORTS[report],
        from: p.from,
        to: p.to,
        branch: p.branch ?? null,
        total: Number(count!.n),
        rows: rows.map((r) => ({ ...r, id: Number(r.id) })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
