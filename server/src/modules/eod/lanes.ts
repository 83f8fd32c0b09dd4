import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import { queryRows } from '../../db/rows.ts';
import { DEADLOCK_DETECTED, sqlState } from '../../lib/db-errors.ts';
import {
  inChunk,
  LeaseLost,
  stepCursor,
  walkChunks,
  type ChunkResult,
  type StepContext,
} from './step-context.ts';

/**
 * Lane `index` of `of`: the accounts whose dashboard slot (`banking_stats_slot`, id % 1024) falls in
 * the lane's share of the slots. Lanes that split the slots never update the same `banking_stats`
 * row, and each takes runs of 1024 / `of` consecutive ids, so they rarely share a heap page (ADR 0089).
 */
export interface Lane {
  index: number;
  of: number;
}

/** The whole of a step's work in one lane. */
export const ONE_LANE: Lane = { index: 0, of: 1 };

/** `id` (an account id column) falls in `lane`. */
export const inLane = (id: SQL, lane: Lane): SQL =>
  lane.of === 1 ? sql`true` : sql`${id} % 1024 / ${1024 / lane.of}::int = ${lane.index}::int`;

/**
 * One unit of a laned step's work in its own transaction. The lanes of one run work side by side, so
 * each holds the end-of-day lock shared (a chunk of any other step holds it alone) and does not renew
 * the lease through the run's row, which would queue the lanes behind each other's commits: the
 * runner renews it on its timer. The row is share-locked for the chunk instead (FOR KEY SHARE: no
 * conflict with the renewal's update): another server's claim, which takes it FOR UPDATE SKIP LOCKED,
 * cannot take the run over while a chunk is in flight, and a chunk of a run taken over is refused.
 * A chunk that PostgreSQL rolls back to break a deadlock with another lane is tried again.
 */
export async function inLaneChunk<T>(ctx: StepContext, fn: (tx: Database) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await laneTransaction(ctx, fn);
    } catch (err) {
      // Two lanes whose chunks wait on each other (rows a bulk statement locks in no set order, an
      // audit chain's lock): PostgreSQL rolls one back whole, and it is simply tried again (ADR 0090).
      if (sqlState(err) !== DEADLOCK_DETECTED || attempt === DEADLOCK_ATTEMPTS) throw err;
    }
  }
}

/** How many times a lane's chunk meets a deadlock before the step fails. */
const DEADLOCK_ATTEMPTS = 3;

async function laneTransaction<T>(ctx: StepContext, fn: (tx: Database) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    // No parallel query workers: the lanes already keep the cores busy, and a statement's workers took
    // CPU from the other lane (two lanes side by side gained 1.10× with them, 1.24× without).
    await tx.execute(
      sql`select pg_advisory_xact_lock_shared(${ADVISORY_LOCKS.eodRun}), set_config('jit', 'off', true),
                 set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    const mine = await queryRows(
      tx,
      sql`select id from eod_runs where id = ${ctx.run.id} and worker_id = ${ctx.workerId} and status = 'running'
          for key share`,
    );
    if (mine.length === 0) throw new LeaseLost(ctx.run.id);
    return fn(tx);
  });
}

/**
 * Works through a step's accounts as `chunked` does, in `ctx.lanes` lanes side by side, each with its
 * own cursor (`eod_run_steps.lane_cursors`). The lane count is fixed when the step first starts, so
 * a run resumed by a server configured otherwise splits the accounts as before; a step begun by
 * the one-cursor path starts every lane from its cursor. A lane that fails stops the others after
 * their chunk in flight, and the step fails with its error.
 */
export async function chunkedInLanes(
  ctx: StepContext,
  body: (tx: Database, cursor: number, lane: Lane) => Promise<ChunkResult>,
): Promise<void> {
  const cursors = await laneCursors(ctx);
  const of = cursors.length;
  let failed = false;
  const work = (index: number): Promise<void> =>
    walkChunks(ctx, {
      from: cursors[index]!,
      unit: of === 1 ? inChunk : inLaneChunk,
      body: (tx, cursor) => body(tx, cursor, { index, of }),
      place: (lastId) => sql`lane_cursors[${index + 1}::int] = ${lastId}`,
      stop: () => failed,
    });
  const outcomes = await Promise.allSettled(
    cursors.map((_, i) =>
      work(i).catch((err: unknown) => {
        failed = true;
        throw err;
      }),
    ),
  );
  const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (refused) throw refused.reason;
}

/** The lanes' saved places, set on the step's first start (from the one-cursor place, if any). */
async function laneCursors(ctx: StepContext): Promise<number[]> {
  const cursor = await stepCursor(ctx.db, ctx);
  const [r] = await queryRows<{ lanes: string[] }>(
    ctx.db,
    sql`update eod_run_steps
           set lane_cursors = coalesce(lane_cursors, array_fill(${cursor}::bigint, array[${ctx.lanes}::int]))
         where run_id = ${ctx.run.id} and step = ${ctx.step}
        returning lane_cursors::text[] as lanes`,
  );
  return r!.lanes.map(Number);
}
