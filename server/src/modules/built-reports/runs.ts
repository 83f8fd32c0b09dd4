import { sql, type SQL } from 'drizzle-orm';
import { builtReport, type BuiltReportFormat, type ReportRun } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PageWindow } from '../../lib/paging.ts';

/** The run as the API shows it (never the result or the file: those have their own routes). */
export const RUN_COLUMNS = sql.raw(`r.id::text as id, r.report_id as "reportId", r.params, r.format, r.status,
  r.progress, r.error, r.attempts, r.requested_by_email as "requestedBy", r.schedule_id::text as "scheduleId",
  r.business_date::text as "businessDate", r.rows,
  to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  case when r.finished_at is null then null
       else to_char(r.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as "finishedAt"`);

export type RunRow = Omit<ReportRun, 'title'> & Record<string, unknown>;
export const withTitle = (r: RunRow): ReportRun => ({
  ...r,
  title: builtReport(r.reportId)?.title ?? r.reportId,
});

export interface NewRun {
  reportId: string;
  params: Record<string, string>;
  format: BuiltReportFormat;
  branchScope: string | null;
  requestedBy: string | null;
  requestedByEmail: string;
}

export async function insertRun(tx: Database, r: NewRun): Promise<ReportRun> {
  const [row] = await queryRows<RunRow>(
    tx,
    sql`insert into report_runs as r (report_id, params, format, branch_scope, requested_by, requested_by_email)
        values (${r.reportId}, ${JSON.stringify(r.params)}::jsonb, ${r.format}, ${r.branchScope},
                ${r.requestedBy}::uuid, ${r.requestedByEmail})
        returning ${RUN_COLUMNS}`,
  );
  return withTitle(row!);
}

/** A run the caller may see: their own, one delivered to their inbox, or any for a superuser. */
export function visibleTo(user: { userId: string; isSuperuser: boolean }): SQL {
  if (user.isSuperuser) return sql`true`;
  return sql`(r.requested_by = ${user.userId}::uuid
              or exists (select 1 from report_inbox i where i.run_id = r.id and i.user_id = ${user.userId}::uuid))`;
}

export async function getRun(
  db: Database,
  id: number,
  user: { userId: string; isSuperuser: boolean },
): Promise<ReportRun | undefined> {
  const [row] = await queryRows<RunRow>(
    db,
    sql`select ${RUN_COLUMNS} from report_runs r where r.id = ${id} and ${visibleTo(user)}`,
  );
  return row && withTitle(row);
}

/** The caller's own runs, newest first (index report_runs_requested_idx). */
export async function listMyRuns(
  db: Database,
  userId: string,
  status: string | undefined,
  w: PageWindow,
): Promise<{ rows: ReportRun[]; total: number }> {
  const where = sql`r.requested_by = ${userId}::uuid and (${status ?? null}::text is null or r.status = ${status ?? null})`;
  const [rows, [count]] = await Promise.all([
    queryRows<RunRow>(
      db,
      sql`select ${RUN_COLUMNS} from report_runs r where ${where} order by r.id desc limit ${w.limit} offset ${w.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from report_runs r where ${where}`),
  ]);
  return { rows: rows.map(withTitle), total: count!.n };
}
