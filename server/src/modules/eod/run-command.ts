import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { EOD_TEXT } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { conflict } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { type Approvals } from '../approvals/index.ts';
import { runPrechecks } from './prechecks.ts';
import type { EodHooks } from './registry.ts';

const command = z.object({ runId: z.number() });

/**
 * The supervisor's half of four-eyes: approving `eod.run` re-checks the pre-checks (a till opened or a
 * request arrived since: refused, the request stays pending), carries the listed requests over to the
 * next business date, and queues the run; the runner then starts it. The engine compares the business
 * date the request was made on (subject version): a request made before the date moved is refused.
 */
export function registerEodRunCommand(approvals: Approvals, hooks: Readonly<EodHooks>): void {
  // A run is known by the business date it closes.
  approvals.nameSubjects(
    'eod_run',
    ({ subjectId }) =>
      sql`(select r.business_date::text from eod_runs r where r.id = case when ${subjectId} ~ '^[0-9]{1,18}$' then ${subjectId}::bigint end)`,
  );
  approvals.register({
    type: 'eod.run',
    currentVersion: (tx) => currentBusinessDate(tx),
    async execute(tx, raw, { approvalId, maker, checker }) {
      const { runId } = command.parse(raw);
      const [run] = await queryRows<{
        status: string;
        business_date: string;
        next_business_date: string;
        carry_over: string[];
        suspense_acknowledged: boolean;
      }>(
        tx,
        sql`select status, business_date::text, next_business_date::text, carry_over, suspense_acknowledged
              from eod_runs where id = ${runId} for update`,
      );
      if (!run || run.status !== 'awaiting_approval')
        throw conflict(EOD_TEXT.notRetryable(run?.status ?? 'gone'), { code: 'run_state' });
      const checks = await runPrechecks(tx, hooks);
      const carried = new Set(run.carry_over);
      const blocking = checks.checks.filter(
        (c) =>
          c.state === 'fail' ||
          (c.key === 'pending_approvals' && checks.pendingApprovals.some((p) => !carried.has(p.id))) ||
          (c.key === 'suspense_zero' && c.state === 'acknowledge' && !run.suspense_acknowledged),
      );
      if (blocking.length > 0)
        throw conflict(EOD_TEXT.precheckFailed, {
          code: 'precheck_failed',
          failed: blocking.map((c) => c.key),
          checks: checks.checks,
        });
      if (carried.size > 0)
        await tx.execute(
          sql`update approval_requests
                 set business_date = ${run.next_business_date}::date
               where status = 'pending' and id::text in (select jsonb_array_elements_text(${JSON.stringify(run.carry_over)}::jsonb))`,
        );
      await tx.execute(
        sql`update eod_runs set status = 'queued', approved_email = ${checker.email} where id = ${runId}`,
      );
      await writeAudit(tx, {
        action: 'eod.run_approve',
        outcome: 'success',
        actorId: maker.id,
        actorEmail: maker.email,
        targetType: 'eod_run',
        targetId: String(runId),
        details: {
          approvalId,
          checker: checker.email,
          businessDate: run.business_date,
          carriedOver: run.carry_over,
          suspenseAcknowledged: run.suspense_acknowledged,
        },
      });
    },
    async onEnded(tx, raw, { outcome, by }) {
      const { runId } = command.parse(raw);
      await tx.execute(sql`update eod_runs set status = 'cancelled', finished_at = now(), error = ${`${outcome} by ${by.email}`}
                           where id = ${runId} and status = 'awaiting_approval'`);
    },
  });
}

/** Whether an error is the one-active-run index refusing a second run. */
export const isOneActiveViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { constraint?: string }).constraint === 'eod_runs_one_active') return true;
    if (/eod_runs_one_active/.test(String((e as { message?: string }).message))) return true;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return false;
};

export type { Database };
