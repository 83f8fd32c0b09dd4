import { sql } from 'drizzle-orm';
import { EOD_STEPS, type EodStep } from '@bankmanager/contracts';
import type { Database, DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dayFacts } from './calendar.ts';
import { LeaseLost, setStep, type RunFacts, type StepContext } from './step-context.ts';
import { stepTotals } from './step-totals.ts';
import { STEP_IMPLS } from './steps/index.ts';
import type { EodHooks } from './registry.ts';
import { LeasedWorker } from '../../lib/leased-worker.ts';

export interface RunnerOptions {
  /** Accounts per chunk (one transaction each; progress is saved per chunk). */
  chunkRows: number;
  /**
   * Chunks side by side in the laned steps (interest, fees and the auto-debit, ADR 0089, 0090); the
   * database handle needs a connection per lane and one for the lease. Default 1.
   */
  lanes?: number;
  /** How long a server's claim on a run lasts without renewal; another server takes over after it. */
  leaseSeconds: number;
  /** How often an idle server looks for a queued run. */
  pollMs: number;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  /** The app's hooks into other modules. */
  hooks: Readonly<EodHooks>;
}

/**
 * Runs the bank's end of day in the background of every server. A queued run (approved) is claimed by
 * one server through its row (worker and lease, renewed with every chunk); each chunk of work also holds
 * the end-of-day advisory lock, so two servers never work at once. A server killed mid-run leaves its
 * lease to run out; then any server (the restarted one too) claims the run and goes on from each
 * step's saved cursor. Steps run in order; a step that throws fails the run (retry starts from it).
 */
export class EodRunner extends LeasedWorker<RunFacts> {
  constructor(
    private readonly handle: DbHandle,
    private readonly opts: RunnerOptions,
  ) {
    super(opts, 'end of day: runner');
  }

  protected async claim(): Promise<RunFacts | undefined> {
    const db = this.handle.db;
    const [r] = await queryRows<{
      id: string;
      business_date: string;
      next_business_date: string;
      month_end: boolean;
      quarter_end: boolean;
      requested_by: string;
      requested_email: string;
    }>(
      db,
      sql`update eod_runs set status = 'running', worker_id = ${this.workerId},
                 lease_until = now() + ${this.opts.leaseSeconds} * interval '1 second', started_at = coalesce(started_at, now())
           where id = (select id from eod_runs
                        where status = 'queued' or (status = 'running' and (lease_until is null or lease_until < now()))
                        order by id limit 1 for update skip locked)
          returning id::text, business_date::text, next_business_date::text, month_end, quarter_end,
                    requested_by::text, requested_email`,
    );
    if (!r) return undefined;
    const facts = await dayFacts(db, r.business_date);
    this.opts.log.info({ runId: r.id, businessDate: r.business_date }, 'end of day: run claimed');
    return {
      id: Number(r.id),
      businessDate: r.business_date,
      nextBusinessDate: r.next_business_date,
      monthEnd: r.month_end,
      quarterEnd: r.quarter_end,
      periodEndThrough: facts.periodEndThrough,
      requestedBy: r.requested_by,
      requestedEmail: r.requested_email,
    };
  }

  protected async execute(run: RunFacts): Promise<void> {
    const db = this.handle.db;
    // Keeps the claim alive through a long statement (a chunk renews it as well).
    const renew = setInterval(
      () =>
        void db
          .execute(
            sql`update eod_runs set lease_until = now() + ${this.opts.leaseSeconds} * interval '1 second'
                 where id = ${run.id} and worker_id = ${this.workerId} and status = 'running'`,
          )
          .catch(() => {}),
      Math.max(500, (this.opts.leaseSeconds * 1000) / 3),
    );
    try {
      for (const step of EOD_STEPS) {
        if (this.stopping) return;
        const [s] = await queryRows<{ status: string }>(
          db,
          sql`select status from eod_run_steps where run_id = ${run.id} and step = ${step}`,
        );
        if (s?.status === 'done' || s?.status === 'skipped') continue;
        await this.runStep(db, { ...this.ctxBase(run), step });
      }
      await db.execute(
        sql`update eod_runs set status = 'completed', finished_at = now(), lease_until = null
             where id = ${run.id} and worker_id = ${this.workerId}`,
      );
      this.opts.log.info({ runId: run.id }, 'end of day: run completed');
    } catch (err) {
      if (err instanceof LeaseLost) return;
      const message = err instanceof Error ? messageOf(err) : String(err);
      await db.execute(
        sql`update eod_runs set status = 'failed', error = ${message}, finished_at = now(), lease_until = null
             where id = ${run.id} and worker_id = ${this.workerId}`,
      );
      this.opts.log.error({ err, runId: run.id }, 'end of day: run failed');
    } finally {
      clearInterval(renew);
    }
  }

  private ctxBase(run: RunFacts): Omit<StepContext, 'step'> {
    return {
      db: this.handle.db,
      run,
      chunkRows: this.opts.chunkRows,
      // PGlite has one connection: two lanes would only take turns on it.
      lanes: this.handle.driver === 'pglite' ? 1 : (this.opts.lanes ?? 1),
      workerId: this.workerId,
      leaseSeconds: this.opts.leaseSeconds,
      hooks: this.opts.hooks,
    };
  }

  private async runStep(db: Database, ctx: StepContext): Promise<void> {
    const impl = STEP_IMPLS[ctx.step];
    const why = await impl.skip?.(ctx);
    if (why) {
      await setStep(db, ctx, sql`status = 'skipped', note = ${why}, finished_at = clock_timestamp()`);
      return;
    }
    await setStep(
      db,
      ctx,
      sql`status = 'running', error = null, started_at = coalesce(started_at, clock_timestamp())`,
    );
    try {
      if (impl.total) {
        const total = await impl.total(db, ctx);
        await setStep(db, ctx, sql`rows_total = greatest(${total}, rows_done)`);
      }
      let note: string | null = null;
      let skipped = false;
      if (impl.chunks) await impl.chunks(ctx);
      if (impl.once) {
        const r = await impl.once(ctx);
        note = r.note ?? null;
        skipped = r.skipped === true;
        await setStep(
          db,
          ctx,
          sql`rows_done = ${r.done}, rows_failed = ${r.failed ?? 0}, rows_total = ${r.done}, totals = ${JSON.stringify(r.totals ?? {})}::jsonb`,
        );
      }
      const totals = await stepTotals(db, ctx.step, ctx.run);
      await setStep(
        db,
        ctx,
        sql`status = ${skipped ? 'skipped' : 'done'}, finished_at = clock_timestamp(),
            rows_total = greatest(rows_total, rows_done),
            note = coalesce(${note}, note)
            ${totals ? sql`, totals = ${JSON.stringify(totals)}::jsonb` : sql``}`,
      );
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      await setStep(
        db,
        ctx,
        sql`status = 'failed', error = ${err instanceof Error ? messageOf(err) : String(err)}`,
      );
      throw err;
    }
  }
}

const messageOf = (err: Error): string => {
  let e: unknown = err;
  let text = err.message;
  while (e && typeof e === 'object' && (e as { cause?: unknown }).cause) {
    e = (e as { cause?: unknown }).cause;
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string') text = m;
  }
  return text.slice(0, 1000);
};

export const STEP_ORDER: readonly EodStep[] = EOD_STEPS;
