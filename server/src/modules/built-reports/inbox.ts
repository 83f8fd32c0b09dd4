import { sql } from 'drizzle-orm';
import type { ReportInboxItem } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { RUN_COLUMNS, withTitle, type RunRow } from './runs.ts';

/**
 * A scheduled run's result lands in the inbox of every holder of the schedule's role who may read it
 * now: activated, holding `reports.read`, and seeing the run's branch (a bank-wide run: `branches.all`).
 * One set-based insert; the unique (user, run) makes a second delivery write nothing. Each row's
 * insert notifies /realtime/v1, which passes it to that user alone.
 */
export async function deliverToRole(
  tx: Database,
  runId: string,
  scheduleId: string,
  branch: string | null,
): Promise<number> {
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`insert into report_inbox (user_id, run_id)
        select s.user_id, ${runId}::bigint
          from report_schedules sc
          join staff_roles sr on sr.role_id = sc.role_id
          join staff s on s.user_id = sr.user_id
         where sc.id = ${scheduleId}::bigint
           and (s.is_superuser or (s.approved and 'reports.read' = any(s.permissions)))
           and (s.is_superuser or 'branches.all' = any(s.permissions)
                or (${branch}::text is not null and s.home_branch = ${branch}::text))
        on conflict do nothing
        returning user_id::text`,
  );
  return rows.length;
}

export async function listInbox(
  db: Database,
  userId: string,
  w: PageWindow,
): Promise<{ rows: ReportInboxItem[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows<RunRow & { inboxId: string; readAt: string | null; deliveredAt: string }>(
      db,
      sql`select i.id::text as "inboxId",
                 case when i.read_at is null then null
                      else to_char(i.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as "readAt",
                 to_char(i.delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "deliveredAt",
                 ${RUN_COLUMNS}
            from report_inbox i join report_runs r on r.id = i.run_id
           where i.user_id = ${userId}::uuid
           order by i.id desc limit ${w.limit} offset ${w.offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from report_inbox where user_id = ${userId}::uuid`,
    ),
  ]);
  return {
    rows: rows.map(({ inboxId, readAt, deliveredAt, ...run }) => ({
      id: inboxId,
      readAt,
      deliveredAt,
      run: withTitle(run as RunRow),
    })),
    total: count!.n,
  };
}

/** The badge: unread items (partial index report_inbox_unread_idx). */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from report_inbox where user_id = ${userId}::uuid and read_at is null`,
  );
  return r!.n;
}

/** Marks one of the caller's own items read; false when it is not theirs. */
export async function markRead(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update report_inbox set read_at = coalesce(read_at, now())
         where id = ${id} and user_id = ${userId}::uuid returning id::text`,
  );
  return rows.length > 0;
}
