import { sql, type SQL } from 'drizzle-orm';
import type { EodHooks } from './registry.ts';
import type { EodStep } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../audit/index.ts';

/** The run as its steps see it. */
export interface RunFacts {
  id: number;
  businessDate: string;
  nextBusinessDate: string;
  monthEnd: boolean;
  quarterEnd: boolean;
  /** The last day the month's accrual covers before interest posts (the month's end, or next − 1). */
  periodEndThrough: string;
  requestedBy: string;
  requestedEmail: string;
}

export interface StepContext {
  db: Database;
  run: RunFacts;
  step: EodStep;
  chunkRows: number;
  /** How many chunks of a laned step run side by side (1 on PGlite, which has one connection). */
  lanes: number;
  workerId: string;
  leaseSeconds: number;
  /** The app's hooks into other modules (the standing orders step). */
  hooks: Readonly<EodHooks>;
}

/** Lost the run to another server (its lease ran out): stop at once, write nothing more. */
export class LeaseLost extends Error {
  constructor(runId: number) {
    super(`end-of-day run ${runId} is no longer this server's`);
    this.name = 'LeaseLost';
  }
}

/**
 * Runs one unit of a step's work in its own transaction, under the bank-wide end-of-day lock, after
 * renewing this server's lease on the run (refused if another server took it over). What the unit
 * writes and the step's progress commit together: a crash loses at most the unit in flight.
 */
export async function inChunk<T>(ctx: StepContext, fn: (tx: Database) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    // JIT would spend seconds compiling these large set-based statements for nothing (as the seed finds).
    await tx.execute(
      sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.eodRun}), set_config('jit', 'off', true)`,
    );
    const mine = await queryRows(
      tx,
      sql`update eod_runs set lease_until = now() + ${ctx.leaseSeconds} * interval '1 second'
           where id = ${ctx.run.id} and worker_id = ${ctx.workerId} and status = 'running' returning id`,
    );
    if (mine.length === 0) throw new LeaseLost(ctx.run.id);
    return fn(tx);
  });
}

export interface ChunkResult {
  /** The last account id the unit covered; null when there was nothing left. */
  lastId: number | null;
  done: number;
  failed: number;
}

/** The step's saved place: where a resumed run goes on from. */
export async function stepCursor(db: Database, ctx: StepContext): Promise<number> {
  const [r] = await queryRows<{ cursor: string }>(
    db,
    sql`select cursor::text from eod_run_steps where run_id = ${ctx.run.id} and step = ${ctx.step}`,
  );
  return Number(r?.cursor ?? 0);
}

export async function setStep(db: Database, ctx: StepContext, set: SQL): Promise<void> {
  await db.execute(
    sql`update eod_run_steps set ${set}, updated_at = clock_timestamp() where run_id = ${ctx.run.id} and step = ${ctx.step}`,
  );
}

/**
 * Works through a step's accounts in id order, `chunkRows` at a time, each chunk in its own
 * transaction with the step's progress (rows done, failed, cursor). Resumes after the saved cursor.
 */
export async function chunked(
  ctx: StepContext,
  body: (tx: Database, cursor: number) => Promise<ChunkResult>,
): Promise<void> {
  await walkChunks(ctx, {
    from: await stepCursor(ctx.db, ctx),
    unit: inChunk,
    body,
    place: (lastId) => sql`cursor = ${lastId}`,
  });
}

/**
 * The chunk loop `chunked` and each lane share: from `from`, one `unit` (a transaction) a chunk, the
 * chunk's counts and its new place (`place`, a SET clause) saved with it, until a chunk finds nothing
 * or `stop()` says so between chunks.
 */
export async function walkChunks(
  ctx: StepContext,
  w: {
    from: number;
    unit: <T>(ctx: StepContext, fn: (tx: Database) => Promise<T>) => Promise<T>;
    body: (tx: Database, cursor: number) => Promise<ChunkResult>;
    place: (lastId: number) => SQL;
    stop?: () => boolean;
  },
): Promise<void> {
  let cursor = w.from;
  while (!w.stop?.()) {
    const r = await w.unit(ctx, async (tx) => {
      const res = await w.body(tx, cursor);
      if (res.lastId !== null)
        await setStep(
          tx,
          ctx,
          sql`rows_done = rows_done + ${res.done}, rows_failed = rows_failed + ${res.failed}, ${w.place(res.lastId)}`,
        );
      return res;
    });
    if (r.lastId === null) return;
    cursor = r.lastId;
  }
}

/** Records accounts a step could not process (the step goes on with the others). */
export async function recordFailures(
  tx: Database,
  ctx: StepContext,
  failures: { accountId: number; error: string }[],
): Promise<void> {
  if (failures.length === 0) return;
  await tx.execute(
    sql`insert into eod_failures (run_id, business_date, step, account_id, error)
        select ${ctx.run.id}, ${ctx.run.businessDate}::date, ${ctx.step}, f.account_id, f.error
          from jsonb_to_recordset(${JSON.stringify(failures.map((f) => ({ account_id: f.accountId, error: f.error })))}::jsonb)
               as f(account_id bigint, error text)`,
  );
}

/** A step's audit row: the run's requester acting, on the run, in the step's own transaction. */
export async function auditStep(
  tx: Database,
  ctx: Pick<StepContext, 'run'>,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  await writeAudit(tx, {
    action,
    outcome: 'success',
    actorId: ctx.run.requestedBy,
    actorEmail: ctx.run.requestedEmail,
    targetType: 'eod_run',
    targetId: String(ctx.run.id),
    details,
  });
}
