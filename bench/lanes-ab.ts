// Do end of day's lanes pay (ADR 0089, 0090)? On the 1M end-of-day database, each round takes the next block of
// accounts (or loans) and runs the lanes' chunks of the real step (the interest posting, the fees or the
// loans' auto-debit on `--date`) over it,
// once one after the other and once side by side, alternating which goes first; every chunk is its
// own transaction, rolled back, so both ways do the same work on the same rows, after an untimed pass
// that reads the block in. Prints each round, the
// medians, their ratio and the postings a second each way.
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/lanes-ab.ts [--kind interest|fees|auto] [--date YYYY-MM-DD] [--limit 20000] [--rounds 12] [--cursor 0] [--database bm_eod_1m]
// The interest posting needs interest booked (credit_booked > 0): run it after an ordinary day's run.
// The auto-debit's postings are the loans it collects; `--date` is its business date (the database's
// next one collects what a real run would).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/src/db/client.ts';
import type { Lane } from '../server/src/modules/eod/lanes.ts';
import { chargeFeesChunk } from '../server/src/modules/eod/steps/fees.ts';
import { autoDebitChunk } from '../server/src/modules/loans/auto-debit.ts';
import { postCreditInterestChunk } from '../server/src/modules/eod/steps/posting.ts';
import { monthEndContext, sampleWaits } from './eod-chunk-context.ts';
import { benchServerUrl, inRolledBackTransaction, median, openBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    kind: { type: 'string', default: 'interest' },
    limit: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '12' },
    cursor: { type: 'string', default: '0' },
    database: { type: 'string', default: 'bm_eod_1m' },
    // Each chunk without parallel query workers (set in its transaction).
    'no-workers': { type: 'boolean', default: false },
    lanes: { type: 'string', default: '2' },
    date: { type: 'string' },
  },
});
if (!['interest', 'fees', 'auto'].includes(values.kind)) throw new Error('--kind interest|fees|auto');
if (values.kind === 'auto' && !values.date) throw new Error('--kind auto needs --date');
const handle = await openBenchDatabase(benchServerUrl(), values.database);
const db = handle.db;
const ctx =
  values.kind === 'auto'
    ? null
    : await monthEndContext(
        db,
        values.kind === 'interest' ? 'interest_posting' : 'fees',
        Number(values.limit),
      );
type LaneStep = (
  tx: Database,
  cursor: number,
  lane: Lane,
) => Promise<{ done: number; lastId: number | null }>;
const autoDebit: LaneStep = async (tx, cursor, lane) => {
  const r = await autoDebitChunk(tx, {
    businessDate: values.date!,
    through: values.date!,
    cursor,
    limit: Number(values.limit),
    runId: 0,
    actor: { id: null, email: 'bench@bankmanager.sl' },
    lane,
  });
  return { done: r.collected, lastId: r.lastId };
};
const step: LaneStep =
  values.kind === 'auto'
    ? autoDebit
    : (tx, cursor, lane) =>
        (values.kind === 'interest' ? postCreditInterestChunk : chargeFeesChunk)(tx, ctx!, cursor, lane);
const lanes: Lane[] = Array.from({ length: Number(values.lanes) }, (_, index) => ({
  index,
  of: Number(values.lanes),
}));

/** One lane's chunk from `cursor`, rolled back: its wall time, postings and the last account it covered. */
const laneChunk = (lane: Lane, cursor: number) =>
  inRolledBackTransaction(db, async (tx) => {
    if (values['no-workers'])
      await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true)`);
    const t = performance.now();
    const r = await step(tx, cursor, lane);
    return { ms: performance.now() - t, done: r.done, last: r.lastId };
  });

/** What the lanes' backends wait on while side by side, sampled from another connection. */
const seen = new Map<string, number>();
const watcher = await openBenchDatabase(benchServerUrl(), values.database);

const apart: number[] = [];
const together: number[] = [];
const postings: number[] = [];
let cursor = Number(values.cursor);
for (let round = 0; round < Number(values.rounds); round++) {
  const oneAfterTheOther = async () => {
    const t = performance.now();
    const parts = [];
    for (const lane of lanes) parts.push(await laneChunk(lane, cursor));
    return { ms: performance.now() - t, parts };
  };
  const sideBySide = async () => {
    let sampling = true;
    const sampler = sampleWaits(watcher.db, () => sampling, seen);
    const t = performance.now();
    const parts = await Promise.all(lanes.map((l) => laneChunk(l, cursor)));
    const ms = performance.now() - t;
    sampling = false;
    await sampler;
    return { ms, parts };
  };
  // Untimed first: whichever way went first read the block into shared buffers for the other (the
  // ratios of one order and the other differed by 1.3× without it).
  await oneAfterTheOther();
  const [first, second] = round % 2 === 0 ? [oneAfterTheOther, sideBySide] : [sideBySide, oneAfterTheOther];
  const x = await first();
  const y = await second();
  const [seq, par] = round % 2 === 0 ? [x, y] : [y, x];
  const done = seq.parts.reduce((s, p) => s + p.done, 0);
  if (seq.parts.every((p) => p.last === null)) break;
  apart.push(seq.ms);
  together.push(par.ms);
  postings.push(done);
  console.log(
    `round ${round} from ${cursor}: ${done} postings; one after the other ${seq.ms.toFixed(0)} ms ` +
      `(${seq.parts.map((p) => p.ms.toFixed(0)).join(' + ')}), side by side ${par.ms.toFixed(0)} ms ` +
      `(${par.parts.map((p) => p.ms.toFixed(0)).join(', ')})`,
  );
  cursor = Math.max(...seq.parts.map((p) => p.last ?? 0));
}
const rate = (ms: number[]) =>
  (postings.reduce((s, n) => s + n, 0) / (ms.reduce((s, m) => s + m, 0) / 1000)).toFixed(0);
console.log(
  `${values.kind}, ${postings.length} blocks of ${lanes.length} lanes × ${values.limit}: median ${median(apart).toFixed(0)} ms one after the other, ` +
    `${median(together).toFixed(0)} ms side by side (${(median(apart) / median(together)).toFixed(2)}×; ` +
    `ratios per round ${apart.map((a, i) => (a / together[i]!).toFixed(2)).join(' ')})`,
);
console.log(`postings a second: one lane ${rate(apart)}, ${lanes.length} lanes ${rate(together)}`);
console.log(
  `the lanes' backends while side by side (samples): ${[...seen].map(([w, n]) => `${w} ${n}`).join(', ')}`,
);
await Promise.all([handle.close(), watcher.close()]);
