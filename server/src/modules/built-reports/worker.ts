import { sql } from 'drizzle-orm';
import type { BuiltReportFormat, ReportTable } from '@bankmanager/contracts';
import type { Database, DbHandle } from '../../db/client.ts';
import type { ReportReads } from '../../db/report-reads.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../audit/index.ts';
import { runReport } from './catalogue.ts';
import { tableFile } from './files.ts';
import { deliverToRole } from './inbox.ts';
import { LeasedWorker } from '../../lib/leased-worker.ts';

interface Claimed extends Record<string, unknown> {
  id: string;
  report_id: string;
  params: Record<string, string>;
  format: BuiltReportFormat;
  branch_scope: string | null;
  schedule_id: string | null;
  requested_by_email: string;
}

export interface WorkerOptions {
  pollMs: number;
  /** How long a claim lasts; a run still `running` past it (its server died) is claimed again. */
  leaseSeconds: number;
  log: { error(o: object, m: string): void };
}

/** Why a run failed, as its asker reads it: the error's own words, never a stack. */
const reasonOf = (err: unknown): string => {
  const e = err as { message?: unknown; cause?: { message?: unknown } };
  const msg = typeof e.cause?.message === 'string' ? e.cause.message : String(e.message ?? err);
  return msg.replace(/\s+/g, ' ').slice(0, 500);
};

/**
 * Executes queued report runs in the background of every server, never in a request. A run is claimed
 * with `FOR UPDATE SKIP LOCKED` (two servers never take the same one) and leased; the report reads
 * through `reportReads` (the read replica when configured); the result, its file, the inbox rows of a
 * scheduled run and the audit row commit in one transaction.
 */
export class ReportWorker extends LeasedWorker<Claimed> {
  constructor(
    private readonly db: Database,
    private readonly reads: ReportReads,
    private readonly opts: WorkerOptions,
  ) {
    super(opts, 'built reports: worker');
  }

  protected async claim(): Promise<Claimed | undefined> {
    const [run] = await queryRows<Claimed>(
      this.db,
      sql`update report_runs set status = 'running', worker_id = ${this.workerId}, progress = 10,
                 lease_until = now() + make_interval(secs => ${this.opts.leaseSeconds}),
                 started_at = now(), attempts = attempts + 1, error = null
           where id = (select id from report_runs
                        where status = 'queued' or (status = 'running' and lease_until < now())
                        order by id limit 1 for update skip locked)
       returning id::text, report_id, params, format, branch_scope, schedule_id::text, requested_by_email`,
    );
    return run;
  }

  private async progress(id: string, percent: number): Promise<void> {
    await this.db.execute(
      sql`update report_runs set progress = ${percent} where id = ${id}::bigint and worker_id = ${this.workerId}`,
    );
  }

  protected async execute(run: Claimed): Promise<void> {
    let table: ReportTable;
    let file: Buffer | null = null;
    try {
      ({ value: table } = await this.reads.run(null, (db) =>
        runReport(db, run.report_id, run.params, run.branch_scope),
      ));
      await this.progress(run.id, 60);
      if (run.format !== 'screen') file = await tableFile(table, run.format);
      await this.progress(run.id, 90);
    } catch (err) {
      await this.fail(run, reasonOf(err));
      return;
    }
    await this.db.transaction(async (tx) => {
      const done = await queryRows<{ id: string }>(
        tx,
        sql`update report_runs set status = 'done', progress = 100, finished_at = now(), lease_until = null,
                   rows = ${table.rows.length}, result = ${JSON.stringify(table)}::jsonb, file = ${file}
             where id = ${run.id}::bigint and worker_id = ${this.workerId} and status = 'running'
         returning id::text`,
      );
      // Another server took the run over after our lease ran out: its result stands, not ours.
      if (done.length === 0) return;
      const delivered = run.schedule_id
        ? await deliverToRole(tx, run.id, run.schedule_id, run.branch_scope)
        : 0;
      await writeAudit(tx, {
        action: 'report_run.done',
        outcome: 'success',
        actorEmail: run.requested_by_email,
        targetType: 'report_run',
        targetId: run.id,
        details: { reportId: run.report_id, format: run.format, rows: table.rows.length, delivered },
      });
    });
  }

  private async fail(run: Claimed, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`update report_runs set status = 'failed', error = ${reason}, finished_at = now(), lease_until = null
             where id = ${run.id}::bigint and worker_id = ${this.workerId}`,
      );
      await writeAudit(tx, {
        action: 'report_run.failed',
        outcome: 'failure',
        actorEmail: run.requested_by_email,
        targetType: 'report_run',
        targetId: run.id,
        details: { reportId: run.report_id, reason },
      });
    });
  }
}

/** Each app's worker, by its database handle (tests build several apps in one process). */
export const workers = new WeakMap<DbHandle, ReportWorker>();
export const reportWorkerFor = (handle: DbHandle): ReportWorker | undefined => workers.get(handle);
