import { sql } from 'drizzle-orm';
import {
  BUILT_REPORTS,
  builtReport,
  type ReportFrequency,
  type ReportSchedule,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const SCHEDULE_COLUMNS = sql.raw(`sc.id::text as id, sc.report_id as "reportId", sc.params, sc.format,
  sc.frequency, sc.role_id::text as "roleId", ro.name as "roleName", sc.active,
  sc.created_by_email as "createdBy",
  to_char(sc.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  (select max(business_date)::text from report_runs r where r.schedule_id = sc.id) as "lastBusinessDate"`);

type Row = Omit<ReportSchedule, 'title'> & Record<string, unknown>;
const view = (r: Row): ReportSchedule => ({ ...r, title: builtReport(r.reportId)?.title ?? r.reportId });

export async function insertSchedule(
  tx: Database,
  s: {
    reportId: string;
    params: Record<string, string>;
    format: string;
    frequency: ReportFrequency;
    roleId: string;
    createdBy: string;
    createdByEmail: string;
  },
): Promise<ReportSchedule> {
  const [row] = await queryRows<Row>(
    tx,
    sql`with sc as (
          insert into report_schedules (report_id, params, format, frequency, role_id, created_by, created_by_email)
          values (${s.reportId}, ${JSON.stringify(s.params)}::jsonb, ${s.format}, ${s.frequency}, ${s.roleId}::uuid,
                  ${s.createdBy}::uuid, ${s.createdByEmail})
          returning *)
        select sc.id::text as id, sc.report_id as "reportId", sc.params, sc.format, sc.frequency,
               sc.role_id::text as "roleId", ro.name as "roleName", sc.active, sc.created_by_email as "createdBy",
               to_char(sc.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
               null::text as "lastBusinessDate"
          from sc join roles ro on ro.id = sc.role_id`,
  );
  return view(row!);
}

/** Every schedule, newest first: a bank has tens of them, not thousands. */
export async function listSchedules(db: Database): Promise<ReportSchedule[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select ${SCHEDULE_COLUMNS} from report_schedules sc join roles ro on ro.id = sc.role_id order by sc.id desc limit 500`,
  );
  return rows.map(view);
}

/** Stops a schedule (kept, not deleted: its runs still name it). */
export async function deactivate(tx: Database, id: number): Promise<ReportSchedule | undefined> {
  const [row] = await queryRows<Row>(
    tx,
    sql`with u as (update report_schedules set active = false where id = ${id} returning id)
        select ${SCHEDULE_COLUMNS} from report_schedules sc join roles ro on ro.id = sc.role_id
         where sc.id in (select id from u)`,
  );
  return row && { ...view(row), active: false };
}

/** The live roles, by name: a bank has tens of roles. */
export async function scheduleRoles(db: Database): Promise<{ id: string; name: string }[]> {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select id::text, name from roles where retired_at is null order by name limit 500`,
  );
}

/** Does the role exist and is it live? */
export async function liveRole(db: Database, roleId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id::text from roles where id = ${roleId}::uuid and retired_at is null`,
  );
  return rows.length > 0;
}

/**
 * End of day's step: one run per active schedule due on the business date being closed (daily ones
 * every day, month-end ones on the month's last business day), its missing dates filled with that
 * date (a period: the day, or the month to date) so the run reads the closed day, not the next one.
 * The unique (schedule, business date) makes a retried or resumed step enqueue nothing twice.
 */
export async function enqueueDue(tx: Database, businessDate: string, monthEnd: boolean): Promise<number> {
  const monthStart = `${businessDate.slice(0, 8)}01`;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into report_runs (report_id, params, format, branch_scope, requested_by_email, schedule_id, business_date)
        select sc.report_id,
               jsonb_build_object('date', ${businessDate}::text,
                                  'from', case sc.frequency when 'daily' then ${businessDate}::text else ${monthStart}::text end,
                                  'to', ${businessDate}::text) - array(select k from unnest(array['date','from','to']) k
                                                                        where not (k = any(sc.param_keys)))
                 || sc.params,
               sc.format, sc.params ->> 'branch', 'end of day', sc.id, ${businessDate}::date
          from (select s.*, array(select jsonb_array_elements_text(p.keys)) as param_keys
                  from report_schedules s
                  join (values ${sql.join(
                    KEYS.map(([id, keys]) => sql`(${id}::text, ${JSON.stringify(keys)}::jsonb)`),
                    sql`, `,
                  )}) p(report_id, keys) on p.report_id = s.report_id
                 where s.active and (s.frequency = 'daily' or (${monthEnd} and s.frequency = 'month_end'))) sc
        on conflict (schedule_id, business_date) do nothing
        returning id::text`,
  );
  return rows.length;
}

/** Each runnable report's date parameters, for filling a scheduled run's dates. */
const KEYS: [string, string[]][] = BUILT_REPORTS.map((r) => [
  r.id,
  (r.params as readonly string[]).filter((p) => p === 'date' || p === 'from' || p === 'to'),
]);
