// The instructions a posting costs inside PostgreSQL, counted by callgrind: a figure that does not move
// with the machine's hour, for changes worth a few per cent that timings on this shared machine cannot
// tell apart (ADR 0092). It makes its own throwaway cluster (scripts/pg-cluster.sh), migrates and seeds
// it as bench:ledger does, stops it, and runs `postgres --single` under `valgrind --tool=callgrind` on
// fresh copies of its data directory: N transfers through ledger_post_transfer (the statement
// postTransferOnce sends, built by the ledger's own code), then 3N; N single-row INSERT … RETURNING,
// then 3N (the floor). The difference over 2N statements is one statement's instructions, without the
// backend's start and end. Each statement is its own transaction, as at the server.
// Needs valgrind (Debian's package) and the PostgreSQL binaries.
// `--patch FILE` applies a SQL file to the seeded database before counting: a change to a rule or a
// trigger function counted against main without a migration (run the bench with and without it).
//   node --import tsx bench/posting-instructions.ts [--customers 10000] [--transfers 100] [--patch FILE]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { auditKeyPads } from '../server/src/db/audit-key.ts';
import { oneCallArgument } from '../server/src/modules/ledger/post-entry.ts';
import { transferEntryWithout } from '../server/src/modules/ledger/transfer.ts';
import { ensureCustomers, openBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '10000' },
    transfers: { type: 'string', default: '100' },
    patch: { type: 'string' },
  },
});
const customers = Number(values.customers);
const n = Number(values.transfers);
const DB = 'bm_bench_instructions';

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('valgrind is not installed (Debian: apt-get install valgrind)');
  process.exit(2);
}
const root = process.getuid?.() === 0;
/** As the postgres user when run as root: PostgreSQL refuses to run as root. */
const asPostgres = (cmd: string, args: string[]) =>
  root ? (['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const) : ([cmd, args] as const);

const cluster = Object.fromEntries(
  [...execFileSync('scripts/pg-cluster.sh', ['start'], { encoding: 'utf8' }).matchAll(/(\w+)=(\S+)/g)].map(
    (m) => [m[1]!, m[2]!],
  ),
) as Record<'PG_CLUSTER_DIR' | 'PG_BIN_DIR' | 'TEST_DATABASE_URL', string>;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-instructions-'));
fs.chmodSync(work, 0o777);
try {
  const statements = await prepare(cluster.TEST_DATABASE_URL);
  // Stopped cleanly, so every copy starts from the same files.
  const [cmd, args] = asPostgres(path.join(cluster.PG_BIN_DIR, 'pg_ctl'), [
    '-D',
    path.join(cluster.PG_CLUSTER_DIR, 'data'),
    '-m',
    'fast',
    '-w',
    'stop',
  ]);
  execFileSync(cmd, args, { stdio: 'ignore' });

  const rows: [string, number][] = [];
  for (const [label, make] of statements) {
    const once = instructions(label, make(n));
    const thrice = instructions(label, make(3 * n));
    rows.push([label, Math.round((thrice - once) / (2 * n))]);
  }
  const floor = rows.at(-1)![1];
  console.log(
    `\nInstructions inside PostgreSQL per statement (callgrind, a single-user backend; ${customers.toLocaleString('en-US')} customers; ${n} and ${3 * n} statements${values.patch ? `; patched by ${values.patch}` : ''})`,
  );
  console.log('statement                                   | instructions | × floor');
  for (const [label, ir] of rows)
    console.log(
      `${label.padEnd(43)} | ${ir.toLocaleString('en-US').padStart(12)} | ${(ir / floor).toFixed(1).padStart(6)}×`,
    );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  execFileSync('scripts/pg-cluster.sh', ['stop', cluster.PG_CLUSTER_DIR], { stdio: 'ignore' });
}

/** Seeds the cluster; returns each statement kind as a maker of `count` lines of SQL. */
async function prepare(serverUrl: string) {
  const handle = await openBenchDatabase(serverUrl, DB);
  try {
    await runMigrations(handle);
    await ensureCustomers(handle, DB, customers);
    if (values.patch) await handle.db.execute(sql.raw(fs.readFileSync(values.patch, 'utf8')));
    await handle.db.execute(
      sql`create table if not exists bench_floor (id bigserial primary key, amount numeric(18,2) not null)`,
    );
    // Payers and payees as bench:ledger picks them: active Leone deposit accounts with money.
    const pool = (
      await queryRows<{ n: string }>(
        handle.db,
        sql`select account_number as n from accounts where status = 'Active' and currency = 'SLE'
            and account_type in ('Current', 'Savings') and balance > 10000 order by id limit 4000`,
      )
    ).map((r) => r.n);
    const actor = {
      id: '00000000-0000-4000-8000-00000000b3c4',
      email: 'bench@bankmanager.sl',
      ip: '127.0.0.1',
    };
    const pads = auditKeyPads(Buffer.alloc(32, 7));
    const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
    const transfer = (i: number) => {
      const from = pool[(i * 7919) % pool.length]!;
      let to = pool[(i * 104729 + 1) % pool.length]!;
      if (to === from) to = pool[(i + 1) % pool.length]!;
      const req = {
        from_account: from,
        to_account: to,
        amount: '1.00',
        narration: 'Bench transfer',
        reference: `I-${i}`,
      };
      const arg = {
        ...oneCallArgument({ ...transferEntryWithout(req, actor, {}), lines: [] }, true),
        from_account: from,
        to_account: to,
        amount: req.amount,
      };
      return `select ledger_post_transfer(${quote(JSON.stringify(arg))}::jsonb, ${quote(pads)}) is not null;`;
    };
    const lines = (count: number, line: (i: number) => string) =>
      Array.from({ length: count }, (_, i) => line(i)).join('\n') + '\n';
    return [
      ['transfer (ledger_post_transfer)', (count: number) => lines(count, transfer)],
      [
        'floor: INSERT … RETURNING',
        (count: number) => lines(count, () => 'insert into bench_floor (amount) values (1.00) returning id;'),
      ],
    ] as const;
  } finally {
    await handle.close();
  }
}

/** Instructions of a single-user backend that runs `script` on a fresh copy of the stopped cluster. */
function instructions(label: string, script: string): number {
  const copy = path.join(work, 'data');
  fs.rmSync(copy, { recursive: true, force: true });
  execFileSync('cp', ['-a', path.join(cluster.PG_CLUSTER_DIR, 'data'), copy]);
  const out = path.join(work, 'callgrind.out');
  const [cmd, args] = asPostgres('valgrind', [
    '--tool=callgrind',
    `--callgrind-out-file=${out}`,
    path.join(cluster.PG_BIN_DIR, 'postgres'),
    '--single',
    '-D',
    copy,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    DB,
  ]);
  const run = spawnSync(cmd, args, { input: script, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const errors = `${run.stdout}${run.stderr}`.split('\n').filter((l) => /\bERROR\b/.test(l));
  if (run.status !== 0 || errors.length > 0)
    throw new Error(`${label}: the backend failed (${run.status}): ${errors.slice(0, 3).join(' | ')}`);
  const total = /^summary:\s*(\d+)/m.exec(fs.readFileSync(out, 'utf8'));
  if (!total) throw new Error(`${label}: no callgrind summary`);
  return Number(total[1]);
}
