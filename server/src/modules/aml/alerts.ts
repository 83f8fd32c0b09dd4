import { sql, type SQL } from 'drizzle-orm';
import { AML_TEXT, type AmlAlert, type AmlAlertQuery, type Page } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';

/** The most rows one CSV export of alerts carries (narrow the dates for more). */
export const AML_EXPORT_MAX_ROWS = 50_000;

export interface AlertRow extends Record<string, unknown> {
  id: string;
  scenario: AmlAlert['scenario'];
  rule_version: number;
  customer_id: number;
  customer_name: string;
  branch: string;
  business_date: string;
  score: number;
  amount: string;
  currency: string;
  entry_ids: (string | number)[];
  facts: AmlAlert['facts'];
  case_id: string | null;
  created_at: string;
}

export const ALERT_COLUMNS = sql`al.id::text, al.scenario, al.rule_version, al.customer_id, c.name as customer_name,
  c.branch_code as branch, al.business_date::text, al.score, al.amount::text, al.currency, al.entry_ids, al.facts,
  al.case_id::text, al.created_at::text`;

export const alertOf = (r: AlertRow): AmlAlert => ({
  id: r.id,
  scenario: r.scenario,
  ruleVersion: Number(r.rule_version),
  customerId: Number(r.customer_id),
  customerName: r.customer_name,
  branch: r.branch,
  businessDate: r.business_date,
  score: Number(r.score),
  amount: r.amount,
  currency: r.currency,
  entryIds: r.entry_ids.map(String),
  facts: r.facts,
  caseId: r.case_id,
  createdAt: new Date(r.created_at).toISOString(),
});

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function where(q: AmlAlertQuery, branch: string | undefined): SQL {
  const w: SQL[] = [sql`true`];
  if (branch !== undefined) w.push(sql`c.branch_code = ${branch}`);
  if (q.scenario) w.push(sql`al.scenario = ${q.scenario}`);
  if (q.state === 'unassigned') w.push(sql`al.case_id is null`);
  if (q.state === 'in_case') w.push(sql`al.case_id is not null`);
  if (q.from) w.push(sql`al.business_date >= ${q.from}::date`);
  if (q.to) w.push(sql`al.business_date <= ${q.to}::date`);
  if (q.q) w.push(sql`c.name ilike ${escapeLike(q.q)}`);
  return sql.join(w, sql` and `);
}

/** The alert queue, filtered, searched, sorted and paged in the database; `window` undefined: the export. */
export async function listAlerts(
  db: Database,
  q: AmlAlertQuery,
  window: PageWindow | undefined,
  branch: string | undefined,
): Promise<Page<AmlAlert>> {
  const w = where(q, branch);
  const order = q.sort === 'score' ? sql`al.score desc, al.id desc` : sql`al.business_date desc, al.id desc`;
  const limit = window
    ? sql`limit ${window.limit} offset ${window.offset}`
    : sql`limit ${AML_EXPORT_MAX_ROWS}`;
  const rows = await queryRows<AlertRow>(
    db,
    sql`select ${ALERT_COLUMNS} from aml_alerts al join customers c on c.cust_id = al.customer_id
        where ${w} order by ${order} ${limit}`,
  );
  const [t] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from aml_alerts al join customers c on c.cust_id = al.customer_id where ${w}`,
  );
  return { rows: rows.map(alertOf), total: Number(t!.n) };
}

export async function getAlert(db: Database, id: string): Promise<AmlAlert> {
  const [r] = await queryRows<AlertRow>(
    db,
    sql`select ${ALERT_COLUMNS} from aml_alerts al join customers c on c.cust_id = al.customer_id
        where al.id = ${id}::bigint`,
  );
  if (!r) throw notFound(AML_TEXT.alertNotFound);
  return alertOf(r);
}
