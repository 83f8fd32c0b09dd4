import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EodStep } from '@bankmanager/contracts';
import type { Database, DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { chunkedInLanes, inLane, type Lane } from './lanes.ts';
import { insertSteps } from './run-repository.ts';
import { LeaseLost, type StepContext } from './step-context.ts';

// Lanes need connections of their own: PGlite has one, and the runner gives it a single lane.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a laned end-of-day step (PostgreSQL)', () => {
  let t: TestApp;
  let batch: DbHandle;
  let runId: number;
  const WORKER = 'lanes-test';
  // 800 items spread over every dashboard slot: ids 5, 10, … 4000.
  const ITEMS = 800;

  beforeAll(async () => {
    t = await createTestApp();
    batch = await t.app.dbHandle.openBatch(3);
    await t.app.db.execute(sql`create table lane_items (id bigint primary key)`);
    await t.app.db.execute(sql`insert into lane_items select g * 5 from generate_series(1, ${ITEMS}) g`);
    await t.app.db.execute(sql`create table lane_done (id bigint primary key, lane int not null)`);
    // Running, claimed by this test for an hour: the app's own runner leaves it alone.
    const [run] = await queryRows<{ id: string }>(
      t.app.db,
      sql`insert into eod_runs (business_date, next_business_date, month_end, quarter_end, status, requested_by,
                                requested_email, worker_id, lease_until)
          values ('2026-11-30', '2026-12-01', true, false, 'running', ${randomUUID()}, 'lanes@bank.sl', ${WORKER},
                  now() + interval '1 hour')
          returning id::text`,
    );
    runId = Number(run!.id);
    await insertSteps(t.app.db, runId);
  });
  afterAll(async () => {
    await batch?.close();
    await t?.close();
  });

  const ctxFor = (step: EodStep, lanes: number, chunkRows = 7): StepContext => ({
    db: batch.db,
    run: {
      id: runId,
      businessDate: '2026-11-30',
      nextBusinessDate: '2026-12-01',
      monthEnd: true,
      quarterEnd: false,
      periodEndThrough: '2026-11-30',
      requestedBy: randomUUID(),
      requestedEmail: 'lanes@bank.sl',
    },
    step,
    chunkRows,
    lanes,
    workerId: WORKER,
    leaseSeconds: 20,
    hooks: {},
  });
  /** The next `chunkRows` items of the lane after `cursor`, marked done (a duplicate would fail the key). */
  const mark = async (tx: Database, ctx: StepContext, cursor: number, lane: Lane) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`insert into lane_done (id, lane)
          select id, ${lane.index} from lane_items i where id > ${cursor} and ${inLane(sql`i.id`, lane)}
           order by id limit ${ctx.chunkRows}
          returning id::text`,
    );
    const last = rows.length ? Math.max(...rows.map((r) => Number(r.id))) : null;
    return { lastId: last, done: rows.length, failed: 0 };
  };
  const stepRow = async (step: EodStep) =>
    (
      await queryRows<{ cursors: string[] | null; done: number }>(
        t.app.db,
        sql`select lane_cursors::text[] as cursors, rows_done::int as done from eod_run_steps
             where run_id = ${runId} and step = ${step}`,
      )
    )[0]!;
  const reset = () => t.app.db.execute(sql`delete from lane_done`);

  it('works both lanes at once, each item once, in the lane its dashboard slot names', async () => {
    await reset();
    const ctx = ctxFor('interest_posting', 2);
    // Each lane's first chunk waits for the other's to begin: lanes that took turns would time out.
    const began: Array<() => void> = [];
    const beginning = [0, 1].map((i) => new Promise<void>((resolve) => (began[i] = resolve)));
    const together = (other: number) =>
      Promise.race([
        beginning[other]!,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the lanes took turns')), 10_000)),
      ]);
    const firsts = new Set<number>();
    await chunkedInLanes(ctx, async (tx, cursor, lane) => {
      if (!firsts.has(lane.index)) {
        firsts.add(lane.index);
        began[lane.index]!();
        await together(1 - lane.index);
      }
      return mark(tx, ctx, cursor, lane);
    });
    const done = await queryRows<{ n: number; wrong: number; lane0: string; lane1: string }>(
      t.app.db,
      sql`select count(*)::int as n, count(*) filter (where lane <> id % 1024 / 512)::int as wrong,
                 max(id) filter (where lane = 0)::text as lane0, max(id) filter (where lane = 1)::text as lane1
            from lane_done`,
    );
    expect(done[0]).toMatchObject({ n: ITEMS, wrong: 0 });
    // Each lane's place is its own last item; progress counts both.
    expect(await stepRow('interest_posting')).toEqual({
      cursors: [done[0]!.lane0, done[0]!.lane1],
      done: ITEMS,
    });
  });

  it('stops every lane when one fails, and a resumed step goes on from each lane’s place', async () => {
    await reset();
    const ctx = ctxFor('fees', 2);
    let lane1Chunks = 0;
    const failing = chunkedInLanes(ctx, async (tx, cursor, lane) => {
      if (lane.index === 1 && ++lane1Chunks === 3) throw new Error('lane 1 broke');
      return mark(tx, ctx, cursor, lane);
    });
    await expect(failing).rejects.toThrow('lane 1 broke');
    const [half] = await queryRows<{ lane0: number; lane1: number }>(
      t.app.db,
      sql`select count(*) filter (where lane = 0)::int as lane0, count(*) filter (where lane = 1)::int as lane1 from lane_done`,
    );
    // Lane 1 committed two chunks; lane 0 stopped long before its 400 items.
    expect(half!.lane1).toBe(14);
    expect(half!.lane0).toBeLessThan(ITEMS / 2);
    // Resumed by a server configured for four lanes: the step keeps the two it began with.
    const resumed = ctxFor('fees', 4);
    const lanesSeen = new Set<string>();
    await chunkedInLanes(resumed, async (tx, cursor, lane) => {
      lanesSeen.add(`${lane.index}/${lane.of}`);
      return mark(tx, resumed, cursor, lane);
    });
    expect([...lanesSeen].sort()).toEqual(['0/2', '1/2']);
    const [all] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from lane_done`);
    expect(all!.n).toBe(ITEMS);
    expect((await stepRow('fees')).done).toBe(ITEMS);
  });

  it('tries again a chunk that PostgreSQL rolled back to break a deadlock between lanes, and does nothing twice', async () => {
    await reset();
    await t.app.db.execute(sql`create table lane_locks (id int primary key, n int not null default 0)`);
    await t.app.db.execute(sql`insert into lane_locks (id) values (0), (1)`);
    const ctx = ctxFor('loan_auto_debit', 2, 50);
    // Each lane's first chunk marks its items, locks its own row, waits until the other lane holds its
    // row, then asks for the other's: a real deadlock, which PostgreSQL breaks by failing one chunk.
    const holding: Array<() => void> = [];
    const held = [0, 1].map((i) => new Promise<void>((resolve) => (holding[i] = resolve)));
    const attempts = [0, 0];
    await chunkedInLanes(ctx, async (tx, cursor, lane) => {
      const r = await mark(tx, ctx, cursor, lane);
      if (++attempts[lane.index]! <= 2 && cursor === 0) {
        await tx.execute(sql`update lane_locks set n = n + 1 where id = ${lane.index}`);
        holding[lane.index]!();
        await held[1 - lane.index];
        await tx.execute(sql`update lane_locks set n = n + 1 where id = ${1 - lane.index}`);
      }
      return r;
    });
    const [r] = await queryRows<{ n: number; chunks: number; locks: string }>(
      t.app.db,
      sql`select (select count(*)::int from lane_done) as n,
                 (select sum(ceil(k / 50.0) + 1)::int from (select count(*) as k from lane_done group by lane) l) as chunks,
                 (select string_agg(n::text, ',' order by id) from lane_locks) as locks`,
    );
    // Every item once; the chunk that lost the deadlock ran twice (each lane's chunks, its last, empty
    // one, and the one tried again), and its first run left nothing.
    expect(r!.n).toBe(ITEMS);
    expect(attempts[0]! + attempts[1]!).toBe(r!.chunks + 1);
    expect(r!.locks).toBe('2,2');
    expect((await stepRow('loan_auto_debit')).done).toBe(ITEMS);
  });

  it('starts every lane from the place a one-cursor start saved', async () => {
    await reset();
    await t.app.db.execute(
      sql`update eod_run_steps set cursor = 2000 where run_id = ${runId} and step = 'dormancy'`,
    );
    const ctx = ctxFor('dormancy', 2);
    await chunkedInLanes(ctx, (tx, cursor, lane) => mark(tx, ctx, cursor, lane));
    const [r] = await queryRows<{ n: number; below: number }>(
      t.app.db,
      sql`select count(*)::int as n, count(*) filter (where id <= 2000)::int as below from lane_done`,
    );
    expect(r).toEqual({ n: ITEMS / 2, below: 0 });
  });

  it('holds off another server’s claim while a chunk is in flight, and stops once the run is taken over', async () => {
    await reset();
    const ctx = ctxFor('gl_snapshot', 2, 400);
    const other = t.app.db;
    let seen: { claimable: number; renewed: number } | undefined;
    await chunkedInLanes(ctx, async (tx, cursor, lane) => {
      if (lane.index === 0 && !seen) {
        // What another server's claim does (FOR UPDATE SKIP LOCKED), and this server's lease renewal.
        const claimable = await queryRows(
          other,
          sql`select id from eod_runs where id = ${runId} for update skip locked`,
        );
        const renewed = await queryRows(
          other,
          sql`update eod_runs set lease_until = now() + interval '1 hour' where id = ${runId} returning id`,
        );
        seen = { claimable: claimable.length, renewed: renewed.length };
      }
      return mark(tx, ctx, cursor, lane);
    });
    expect(seen).toEqual({ claimable: 0, renewed: 1 });
    // Taken over: the next chunk of either lane is refused.
    await t.app.db.execute(sql`update eod_runs set worker_id = 'another-server' where id = ${runId}`);
    try {
      await t.app.db.execute(
        sql`update eod_run_steps set lane_cursors = null where run_id = ${runId} and step = 'gl_snapshot'`,
      );
      await reset();
      await expect(chunkedInLanes(ctx, (tx, cursor, lane) => mark(tx, ctx, cursor, lane))).rejects.toThrow(
        LeaseLost,
      );
      const [r] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from lane_done`);
      expect(r!.n).toBe(0);
    } finally {
      await t.app.db.execute(sql`update eod_runs set worker_id = ${WORKER} where id = ${runId}`);
    }
  });
});
