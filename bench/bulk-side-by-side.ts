// Would end of day's bulk postings go faster as two chunks side by side? Two bulk entries of N interest-like
// credits each (the ledger's per-account bulk path, as end of day posts them), on disjoint sets of
// accounts, timed one after the other and then side by side on two connections, in alternating rounds;
// each entry runs in its own transaction and is rolled back. While the pair runs side by side, what each
// backend is doing is sampled from pg_stat_activity (a lock or latch wait would show there).
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/bulk-side-by-side.ts [--lines 3000] [--rounds 6] [--split parity|halves] [--database bm_bench_ledger]
// `--split parity`: even and odd account ids (disjoint dashboard slots, shared heap pages); `halves`:
// the lower and upper half of the ids (separate pages, shared slots). Uses bench:ledger's database.
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { postBulkEntry } from '../server/src/modules/ledger/index.ts';
import { sampleWaits } from './eod-chunk-context.ts';
import { benchDatabaseUrl, benchServerUrl, inRolledBackTransaction, median } from './support.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '6' },
    split: { type: 'string', default: 'parity' },
    database: { type: 'string', default: 'bm_bench_ledger' },
  },
});
const lines = Number(values.lines);
const handle = await openDatabase({
  databaseUrl: benchDatabaseUrl(benchServerUrl(), values.database),
  dataDir: 'memory://',
  poolMax: 4,
  queryTimeoutMs: 0,
});
const db = handle.db;
const eligible = sql`status = 'Active' and currency = 'SLE' and account_type in ('Savings', 'Current')`;
const [facts] = await queryRows<{ d: string; gl: string; mid: string }>(
  db,
  sql`select current_business_date()::text as d,
             (select interest_payable_gl from products where interest_payable_gl is not null limit 1) as gl,
             (select percentile_disc(0.5) within group (order by id) from accounts where ${eligible})::text as mid`,
);
const half = (part: 0 | 1): SQL =>
  values.split === 'halves'
    ? part === 0
      ? sql`id < ${facts!.mid}::bigint`
      : sql`id >= ${facts!.mid}::bigint`
    : sql`id % 2 = ${part}`;
const accounts = (part: 0 | 1) =>
  sql`select id from accounts where ${eligible} and ${half(part)} order by id limit ${lines}`;

async function entry(part: 0 | 1, tag: string): Promise<void> {
  await inRolledBackTransaction(db, (tx) =>
    postBulkEntry(tx, {
      source: 'end_of_day',
      businessDate: facts!.d,
      narration: 'bench: bulk entries side by side',
      reference: `BENCH-SIDE-${tag}-${part}-${Date.now()}`,
      description: 'bench credit',
      actor: { id: null, email: null },
      currency: 'SLE',
      rows: sql`select id as account_id, 'credit'::text as side, 0.01::numeric as amount from (${accounts(part)}) a`,
      gl: sql`select ${facts!.gl}::text, 'debit'::text, count(*) * 0.01 from (${accounts(part)}) a`,
      recordRefused: async () => {},
    }),
  );
}

// The control: plain CPU-bound SQL, two statements one after the other and side by side.
const spin = () => db.execute(sql`select sum(g % 7) from generate_series(1, 3000000) g`);
const spinApart: number[] = [];
const spinTogether: number[] = [];
const apart: number[] = [];
const together: number[] = [];
const seen = new Map<string, number>();
for (let r = 0; r < Number(values.rounds); r++) {
  let t = performance.now();
  await spin();
  await spin();
  spinApart.push(performance.now() - t);
  t = performance.now();
  await Promise.all([spin(), spin()]);
  spinTogether.push(performance.now() - t);
  t = performance.now();
  await entry(0, 'a');
  await entry(1, 'a');
  apart.push(performance.now() - t);
  let sampling = true;
  const sampler = sampleWaits(db, () => sampling, seen, 5);
  t = performance.now();
  await Promise.all([entry(0, 't'), entry(1, 't')]);
  together.push(performance.now() - t);
  sampling = false;
  await sampler;
  console.log(
    `round ${r + 1}: entries one after the other ${apart.at(-1)!.toFixed(0)} ms, side by side ${together.at(-1)!.toFixed(0)} ms; ` +
      `control ${spinApart.at(-1)!.toFixed(0)} ms, ${spinTogether.at(-1)!.toFixed(0)} ms`,
  );
}
console.log(
  `${values.split}, ${lines} lines an entry: median ${median(apart).toFixed(0)} ms one after the other, ` +
    `${median(together).toFixed(0)} ms side by side (${(median(apart) / median(together)).toFixed(2)}×; 2× would be two cores fully used)`,
);
console.log(
  `control (plain SQL): median ${median(spinApart).toFixed(0)} ms one after the other, ${median(spinTogether).toFixed(0)} ms side by side (${(median(spinApart) / median(spinTogether)).toFixed(2)}×)`,
);
console.log(`backends while side by side (samples): ${[...seen].map(([w, n]) => `${w} ${n}`).join(', ')}`);
await handle.close();
