import { sql } from 'drizzle-orm';
import {
  EOD_STEPS,
  EOD_STEP_LABELS,
  type EodRun,
  type EodRunSummary,
  type EodStep,
  type EodStepView,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const iso = (col: string) =>
  sql.raw(
    `case when ${col} is null then null else to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`,
  );

const SUMMARY = sql`r.id::text as id, r.business_date::text as "businessDate", r.next_business_date::text as "nextBusinessDate",
  r.month_end as "monthEnd", r.quarter_end as "quarterEnd", r.status, r.approval_id::text as "approvalId",
  r.requested_email as "requestedBy", r.approved_email as "approvedBy", jsonb_array_length(r.carry_over) as "carriedOver",
  r.suspense_acknowledged as "suspenseAcknowledged", ${iso('r.created_at')} as "createdAt",
  ${iso('r.started_at')} as "startedAt", ${iso('r.finished_at')} as "finishedAt", r.error,
  (select count(*) from eod_failures f where f.run_id = r.id)::int as "failureCount"`;

/** The runs, newest first (the run screen's list). */
export async function listRuns(
  db: Database,
  offset: number,
  limit: number,
): Promise<{ rows: EodRunSummary[]; total: number }> {
  const rows = await queryRows<EodRunSummary & Record<string, unknown>>(
    db,
    sql`select ${SUMMARY} from eod_runs r order by r.created_at desc, r.id desc offset ${offset} limit ${limit}`,
  );
  const [n] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from eod_runs`);
  return { rows, total: n!.n };
}

export async function runSteps(db: Database, runId: string | number): Promise<EodStepView[]> {
  const rows = await queryRows<Omit<EodStepView, 'label'> & Record<string, unknown>>(
    db,
    sql`select step, position, status, rows_total::float8 as "rowsTotal", rows_done::float8 as "rowsDone",
               rows_failed as "rowsFailed", ${iso('started_at')} as "startedAt", ${iso('finished_at')} as "finishedAt",
               ${iso('updated_at')} as "updatedAt", note, error, totals
          from eod_run_steps where run_id = ${runId}::bigint order by position`,
  );
  return rows.map((s) => ({ ...s, label: EOD_STEP_LABELS[s.step] }));
}

/** One run with its steps and its first failures (GET /api/eod/runs/:id). */
export async function getRun(db: Database, id: string): Promise<EodRun | undefined> {
  const [run] = await queryRows<EodRunSummary & Record<string, unknown>>(
    db,
    sql`select ${SUMMARY} from eod_runs r where r.id = ${id}::bigint`,
  );
  if (!run) return undefined;
  const failures = await queryRows<EodRun['failures'][number] & Record<string, unknown>>(
    db,
    sql`select f.step, a.account_number as "accountNumber", f.error, ${iso('f.at')} as at
          from eod_failures f left join accounts a on a.id = f.account_id
         where f.run_id = ${id}::bigint order by f.id limit 100`,
  );
  return { ...run, steps: await runSteps(db, id), failures };
}

/** The step rows of a new run, all pending, in order. */
export async function insertSteps(tx: Database, runId: number): Promise<void> {
  await tx.execute(
    sql`insert into eod_run_steps (run_id, step, position)
        select ${runId}, s.step, s.position from unnest(${sql.raw(`ARRAY[${EOD_STEPS.map((s) => `'${s}'`).join(',')}]`)}::text[])
          with ordinality as s(step, position)`,
  );
}

export const stepPosition = (step: EodStep) => EOD_STEPS.indexOf(step) + 1;
