import { sql, type SQL } from 'drizzle-orm';
import {
  AML_ACTIVE_CASE_STATUSES,
  AML_TEXT,
  type AmlCase,
  type AmlCaseFile,
  type AmlCaseQuery,
  type AmlCaseStatus,
  type Page,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { writeAudit } from '../audit/index.ts';
import type { ApprovalActor } from '../approvals/index.ts';
import { ALERT_COLUMNS, alertOf, getAlert, type AlertRow } from './alerts.ts';
import { AML_EXPORT_MAX_ROWS } from './alerts.ts';
import { caseAttachments } from './attachments.ts';

export type Actor = ApprovalActor;

interface CaseRow extends Record<string, unknown> {
  id: string;
  status: AmlCaseStatus;
  customer_id: number;
  customer_name: string;
  branch: string;
  assignee_email: string | null;
  alert_count: number;
  max_score: number | null;
  opened_at: string;
  opened_by: string;
  updated_at: string;
  closed_reason: string | null;
  version: number;
}

const CASE_COLUMNS = sql`k.id::text, k.status, k.customer_id, c.name as customer_name, c.branch_code as branch,
  k.assignee_email, s.n as alert_count, s.max_score, k.opened_at::text, k.opened_by, k.updated_at::text,
  k.closed_reason, k.version`;
const CASE_FROM = sql`aml_cases k join customers c on c.cust_id = k.customer_id
  cross join lateral (select count(*)::int as n, max(al.score)::int as max_score from aml_alerts al
                       where al.case_id = k.id) s`;

const caseOf = (r: CaseRow): AmlCase => ({
  id: r.id,
  status: r.status,
  customerId: Number(r.customer_id),
  customerName: r.customer_name,
  branch: r.branch,
  assigneeEmail: r.assignee_email,
  alertCount: Number(r.alert_count),
  maxScore: Number(r.max_score ?? 0),
  openedAt: new Date(r.opened_at).toISOString(),
  openedBy: r.opened_by,
  updatedAt: new Date(r.updated_at).toISOString(),
  closedReason: r.closed_reason,
  version: Number(r.version),
});

export async function audit(
  tx: Database,
  by: Actor,
  action: string,
  caseId: string,
  details: Record<string, unknown>,
): Promise<void> {
  await writeAudit(tx, {
    action,
    outcome: 'success',
    actorId: by.id,
    actorEmail: by.email,
    ip: by.ip,
    targetType: 'aml_case',
    targetId: caseId,
    details,
  });
}

export async function addEvent(
  tx: Database,
  caseId: string,
  by: Actor,
  e: { kind: string; from?: string; to?: string; text?: string | null },
): Promise<void> {
  await tx.execute(sql`insert into aml_case_events (case_id, kind, actor_id, actor_email, from_status, to_status, text)
      values (${caseId}::uuid, ${e.kind}, ${by.id}::uuid, ${by.email}, ${e.from ?? null}, ${e.to ?? null}, ${e.text ?? null})`);
}

export async function caseById(db: Database, id: string, lock = false): Promise<AmlCase> {
  const [r] = await queryRows<CaseRow>(
    db,
    sql`select ${CASE_COLUMNS} from ${CASE_FROM} where k.id = ${id}::uuid`,
  );
  if (!r) throw notFound(AML_TEXT.caseNotFound);
  if (lock) await db.execute(sql`select 1 from aml_cases where id = ${id}::uuid for update`);
  return caseOf(r);
}

const active = sql.raw(AML_ACTIVE_CASE_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * An officer opens a case from an alert: the customer's active case if there is one, else a new one;
 * either way every alert of the customer not yet in a case joins it. 201 new, 200 the existing one.
 */
export async function openCase(
  tx: Database,
  alertId: string,
  by: Actor,
): Promise<{ created: boolean; id: string }> {
  const alert = await getAlert(tx, alertId);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('aml_case'), ${alert.customerId}::int)`);
  const [existing] = await queryRows<{ id: string }>(
    tx,
    sql`select id::text from aml_cases where customer_id = ${alert.customerId} and status in (${active})`,
  );
  let id = existing?.id;
  if (!id) {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into aml_cases (customer_id, opened_by) values (${alert.customerId}, ${by.email}) returning id::text`,
    );
    id = row!.id;
    await addEvent(tx, id, by, { kind: 'opened', to: 'open', text: `From alert ${alertId}` });
    await audit(tx, by, 'aml.case_open', id, { customerId: alert.customerId, alertId });
  }
  await tx.execute(sql`update aml_alerts set case_id = ${id}::uuid
      where customer_id = ${alert.customerId} and case_id is null`);
  return { created: !existing, id };
}

function where(q: AmlCaseQuery, branch: string | undefined, me: string): SQL {
  const w: SQL[] = [sql`true`];
  if (branch !== undefined) w.push(sql`c.branch_code = ${branch}`);
  if (q.status) w.push(sql`k.status = ${q.status}`);
  if (q.mine === 'true') w.push(sql`k.assignee_id = ${me}::uuid`);
  if (q.q) w.push(sql`c.name ilike ${`%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  return sql.join(w, sql` and `);
}

export async function listCases(
  db: Database,
  q: AmlCaseQuery,
  window: PageWindow | undefined,
  branch: string | undefined,
  me: string,
): Promise<Page<AmlCase>> {
  const w = where(q, branch, me);
  const order = q.sort === 'score' ? sql`s.max_score desc nulls last, k.id` : sql`k.updated_at desc, k.id`;
  const limit = window
    ? sql`limit ${window.limit} offset ${window.offset}`
    : sql`limit ${AML_EXPORT_MAX_ROWS}`;
  const rows = await queryRows<CaseRow>(
    db,
    sql`select ${CASE_COLUMNS} from ${CASE_FROM} where ${w} order by ${order} ${limit}`,
  );
  const [t] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from aml_cases k join customers c on c.cust_id = k.customer_id where ${w}`,
  );
  return { rows: rows.map(caseOf), total: Number(t!.n) };
}

/** The case file: the case, its customer, alerts and history. Reading it is audited (who looked, when). */
export async function caseFile(tx: Database, id: string, by: Actor): Promise<AmlCaseFile> {
  const k = await caseById(tx, id);
  const [cust] = await queryRows<{ type: string; risk: string; pep: boolean; status: string }>(
    tx,
    sql`select type, coalesce(risk_override, risk_rating) as risk, pep, status from customers where cust_id = ${k.customerId}`,
  );
  const alerts = await queryRows<AlertRow>(
    tx,
    sql`select ${ALERT_COLUMNS} from aml_alerts al join customers c on c.cust_id = al.customer_id
        where al.case_id = ${id}::uuid order by al.business_date desc, al.id desc limit 500`,
  );
  const events = await queryRows<{
    id: string;
    kind: AmlCaseFile['events'][number]['kind'];
    actor_email: string;
    at: string;
    from_status: AmlCaseStatus | null;
    to_status: AmlCaseStatus | null;
    text: string | null;
  }>(
    tx,
    sql`select id::text, kind, actor_email, at::text, from_status, to_status, text from aml_case_events
        where case_id = ${id}::uuid order by id limit 1000`,
  );
  const attachments = await caseAttachments(tx, id);
  await audit(tx, by, 'aml.case_view', id, { customerId: k.customerId });
  return {
    attachments,
    ...k,
    customer: { id: k.customerId, name: k.customerName, branch: k.branch, ...cust! },
    alerts: alerts.map(alertOf),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      actorEmail: e.actor_email,
      at: new Date(e.at).toISOString(),
      fromStatus: e.from_status,
      toStatus: e.to_status,
      text: e.text,
    })),
  };
}

/** The case as it is now, refused with 409 when the caller's copy is older. */
export async function lockedCase(tx: Database, id: string, version?: number): Promise<AmlCase> {
  const k = await caseById(tx, id, true);
  if (version !== undefined && k.version !== version) throw conflict(AML_TEXT.staleCase, { code: 'stale' });
  return k;
}
