// Teller postings on PostgreSQL, side by side in one run: N concurrent tellers (2 per branch, each at
// their own open till) posting cash deposits and withdrawals of Le 100 to their own accounts through
// POST /api/teller/deposits and /withdrawals (real HTTP, each teller's own token), all against their
// branch's teller-cash GL (1020-<branch>), at 1, 4, 8, 16 and 32 tellers; next to the ledger's posting
// floor (bench/ledger-postings.ts: a plain single-row INSERT … RETURNING) at the same concurrency, and
// to the same two-line entry made by postEntry directly (the ledger without HTTP, tills or audit of
// the teller's own row).
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/teller.ts [--customers N] [--ops N] [--database NAME]
// Target (ADR 0021): p95 under 150 ms at the saturation point (the fewest tellers reaching 95% of the
// best throughput).
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { buildApp } from '../server/src/app.ts';
import { postEntry } from '../server/src/modules/ledger/index.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { setRoles } from '../server/test/support/roles.ts';
import { staffUsers, type StaffUser } from '../server/test/support/staff-users.ts';
import {
  benchDatabaseUrl,
  benchServerUrl,
  ensureCustomers,
  openBenchDatabase,
  percentile,
} from './support.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '20000' },
    ops: { type: 'string', default: '1600' },
    database: { type: 'string', default: 'bm_bench_teller' },
  },
});
const serverUrl = benchServerUrl();
const customers = Number(values.customers);
const perLevel = Number(values.ops);
const LEVELS = [1, 4, 8, 16, 32];
const TELLERS = Math.max(...LEVELS);

const seeded = await openBenchDatabase(serverUrl, values.database);
await runMigrations(seeded);
await ensureCustomers(seeded, values.database, customers);
await seeded.close();
const handle = await openDatabase({
  databaseUrl: benchDatabaseUrl(serverUrl, values.database),
  dataDir: 'memory://',
  poolMax: 40,
  queryTimeoutMs: 0,
});
const db = handle.db;
const app = await buildApp({ config: testConfig(), db: handle, logger: false });

interface Teller {
  user: StaffUser;
  branch: string;
  accounts: string[];
}

try {
  // Two tellers per branch (the 16 branches of the seed), each with 8 funded Leone accounts of their
  // branch (a teller acts only in their home branch) that no other teller touches.
  const branches = (
    await queryRows<{ b: string }>(
      db,
      sql`select branch_code as b from accounts where status = 'Active' and currency = 'SLE'
          and account_type in ('Savings', 'Current') and balance > 10000 and held = 0 group by branch_code
          having count(*) >= 16 order by branch_code`,
    )
  ).map((r) => r.b);
  const staff = await staffUsers(app);
  const base = (() => {
    const a = app.server.address();
    if (!a || typeof a === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${a.port}`;
  })();
  const run = Date.now().toString(36);
  const tellers: Teller[] = [];
  for (let i = 0; i < TELLERS; i++) {
    const branch = branches[i % branches.length]!;
    const slot = Math.floor(i / branches.length);
    const accounts = (
      await queryRows<{ n: string }>(
        db,
        sql`select account_number as n from accounts where status = 'Active' and currency = 'SLE' and branch_code = ${branch}
            and account_type in ('Savings', 'Current') and balance > 10000 and held = 0 order by id limit 8 offset ${slot * 8}`,
      )
    ).map((r) => r.n);
    const user = await staff.make('activated', `bt${i}`);
    await setRoles(app, user.userId, ['teller'], branch);
    tellers.push({ user, branch, accounts });
  }
  // Stock every vault used, then open each teller's till with Le 1,000,000.
  for (const b of new Set(tellers.map((t) => t.branch))) {
    await postEntry(db, {
      source: 'seed',
      narration: 'Bench: vault stocked',
      reference: `BENCH-VAULT-${run}-${b}`,
      lines: [
        { glCode: `1010-${b}`, currency: 'SLE', side: 'debit', amount: '10000000.00' },
        { glCode: '1030', currency: 'SLE', side: 'credit', amount: '10000000.00' },
      ],
      audit: { action: 'bench.vault', targetType: 'gl_account', targetId: `1010-${b}` },
    });
  }
  const post = async (t: Teller, path: string, body: object) => {
    const started = performance.now();
    const r = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { authorization: t.user.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await r.text();
    if (r.status !== 201) throw new Error(`${path} ${JSON.stringify(body)} answered ${r.status}: ${text}`);
    return performance.now() - started;
  };
  for (const t of tellers) {
    await post(t, '/teller/sessions', {
      reference: `BO-${run}-${t.user.userId.slice(0, 8)}`,
      tillCode: `B${t.user.userId.slice(0, 8)}`,
      currency: 'SLE',
      allocation: { denominations: { LE20: 50_000 }, total: '1000000' },
    });
  }

  // Each account takes a deposit of Le 100, then a withdrawal of it (within a teller's Le 20,000
  // limit), so no balance drifts however the operations fall on the tellers.
  let k = 0;
  const turns = new Map<Teller, number>();
  const cashOp = (t: Teller) => {
    const i = turns.get(t) ?? 0;
    turns.set(t, i + 1);
    const kind = i % 2 === 0 ? 'deposits' : 'withdrawals';
    return post(t, `/teller/${kind}`, {
      reference: `B${run}-${t.user.userId.slice(0, 8)}-${i}`,
      accountNumber: t.accounts[Math.floor(i / 2) % t.accounts.length],
      amount: '100.00',
      partyName: 'Bench Customer',
      partyIdNumber: 'BENCH',
      signatureConfirmed: true,
    });
  };
  await db.execute(
    sql`create table if not exists bench_floor (id bigserial primary key, amount numeric(18,2) not null)`,
  );
  const floorOp = async () => {
    const started = performance.now();
    await db.execute(sql`insert into bench_floor (amount) values (1.00) returning id`);
    return performance.now() - started;
  };
  const directOp = async (t: Teller) => {
    const [a] = await queryRows<{ id: string }>(
      db,
      sql`select id from accounts where account_number = ${t.accounts[k++ % t.accounts.length]}`,
    );
    const started = performance.now();
    await postEntry(db, {
      source: 'posting',
      narration: 'Bench direct',
      reference: `BD-${randomUUID().slice(0, 30)}`,
      lines: [
        { glCode: '1900', currency: 'SLE', side: 'debit', amount: '100.00' },
        { accountId: Number(a!.id), side: 'credit', amount: '100.00' },
      ],
      audit: { action: 'bench.direct', targetType: 'account', targetId: a!.id },
    });
    return performance.now() - started;
  };

  /** `total` operations over `clients` concurrent loops (client c is teller c): ops/s and latencies. */
  async function measure(clients: number, total: number, op: (t: Teller) => Promise<number>) {
    let left = total;
    const ms: number[] = [];
    const started = performance.now();
    await Promise.all(
      tellers.slice(0, clients).map(async (t) => {
        while (left-- > 0) ms.push(await op(t));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    ms.sort((a, b) => a - b);
    return {
      tps: total / seconds,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
    };
  }

  await measure(8, 200, cashOp); // warm up connections, JIT and caches
  const rows: Awaited<ReturnType<typeof measure>>[][] = [];
  for (const c of LEVELS) {
    rows.push([
      await measure(c, perLevel, cashOp),
      await measure(c, perLevel, directOp),
      await measure(c, perLevel, () => floorOp()),
    ]);
  }
  const [n] = await queryRows<{ n: string }>(db, sql`select count(*) as n from teller_transactions`);
  console.log(
    `\nTeller postings on PostgreSQL: ${customers.toLocaleString('en-US')} customers, ${branches.length} branches, ` +
      `${perLevel} operations per cell, ${Number(n!.n).toLocaleString('en-US')} teller transactions in the table`,
  );
  console.log(
    'tellers | teller API ops/s   p50    p95    p99 (ms) | direct postEntry ops/s   p95 | floor INSERT ops/s   p95',
  );
  const f = (v: number, w: number, d = 0) => v.toFixed(d).padStart(w);
  LEVELS.forEach((c, i) => {
    const [api, direct, floor] = rows[i]!;
    console.log(
      `${f(c, 7)} | ${f(api!.tps, 16)} ${f(api!.p50, 6, 1)} ${f(api!.p95, 6, 1)} ${f(api!.p99, 6, 1)}      | ${f(direct!.tps, 22)} ${f(direct!.p95, 5, 1)} | ${f(floor!.tps, 18)} ${f(floor!.p95, 5, 1)}`,
    );
  });
  const best = Math.max(...rows.map((r) => r[0]!.tps));
  const sat = rows.findIndex((r) => r[0]!.tps >= 0.95 * best);
  const at = rows[sat]![0]!;
  const ok = at.p95 < 150;
  console.log(
    `Saturation point: ${LEVELS[sat]} tellers (${at.tps.toFixed(0)} ops/s, 95% of the best ${best.toFixed(0)}): ` +
      `p95 ${at.p95.toFixed(1)} ms (target < 150 ms) ${ok ? 'PASS' : 'FAIL'}`,
  );
  const at32 = rows.at(-1)![0]!;
  console.log(
    `At 32 tellers: ${at32.tps.toFixed(0)} ops/s, p95 ${at32.p95.toFixed(1)} ms, p99 ${at32.p99.toFixed(1)} ms`,
  );
  const [bad] = await queryRows<{ n: string }>(db, sql`select count(*) as n from ledger_violations()`);
  console.log(`ledger_violations(): ${bad!.n}`);
  if (Number(bad!.n) !== 0 || !ok) process.exitCode = 1;
} finally {
  await app.close();
  await handle.close();
}
