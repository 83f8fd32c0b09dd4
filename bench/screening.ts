// Sanctions re-screening at 1,000,000 customers (ADR 0044): end of day's set-based statement
// (`rescreenAllCustomers`: every customer against every name and alias of the lists in force, scored,
// deduplicated per designation, inserted as hits) beside its floor, a bare trigram join of the same
// names with the same threshold (`customers.screen_name % sanctions_names.norm`, counted, nothing
// scored or written); PASS/FAIL for the re-screen < 120 s. Each run is rolled back, so every run finds
// the same work.
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/screening.ts [--customers N] [--entries E] [--runs R] [--database NAME] [--drop]
// The database (default bm_bench_customers, shared with bench:customers) is seeded only when it lacks
// the customers. The list is the sample UN fixture plus E made-up entries (default 1,100, about the
// size of the UN list) with two aliases each, imported as one version and put in force directly.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { rescreenAllCustomers } from '../server/src/modules/sanctions/index.ts';
import { stageVersion } from '../server/src/modules/sanctions/list-import.ts';
import { parseUnList } from '../server/src/modules/sanctions/un-xml.ts';
import type { ParsedEntry } from '../server/src/modules/sanctions/parsed-entry.ts';
import {
  adminQuery,
  benchServerUrl,
  ensureCustomers,
  inRolledBackTransaction,
  openBenchDatabase,
} from './support.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: process.env.CUSTOMERS ?? '1000000' },
    entries: { type: 'string', default: '1100' },
    runs: { type: 'string', default: '3' },
    database: { type: 'string', default: 'bm_bench_customers' },
    drop: { type: 'boolean', default: false },
  },
});
const TARGET_S = 120;
const adminUrl = benchServerUrl();
const customers = Number(values.customers);
const handle = await openBenchDatabase(adminUrl, values.database);

// Made-up names in the transliterations the UN list is full of (none is a designation).
const GIVEN = [
  'Abdul',
  'Ahmad',
  'Yusuf',
  'Hamid',
  'Khalid',
  'Omar',
  'Tariq',
  'Bilal',
  'Jamal',
  'Nasir',
  'Rashid',
  'Salim',
  'Faisal',
  'Anwar',
  'Zakir',
];
const FAMILY = [
  'Haqqani',
  'Rahimi',
  'Nazari',
  'Qureshi',
  'Zubair',
  'Farouk',
  'Mansour',
  'Saleh',
  'Hussein',
  'Karimi',
  'Ghani',
  'Baqir',
  'Latif',
  'Shakir',
  'Wardak',
];
function madeUpEntries(n: number): ParsedEntry[] {
  return Array.from({ length: n }, (_, i) => {
    const g = (k: number) => GIVEN[(i * 7 + k) % GIVEN.length]!;
    const f = (k: number) => FAMILY[(i * 11 + k) % FAMILY.length]!;
    const name = `${g(0)} ${g(3)} ${f(0)}`;
    return {
      ref: `B${i}`,
      kind: i % 10 === 0 ? 'entity' : 'individual',
      name: i % 10 === 0 ? `${f(1)} ${f(2)} Trading Company ${i}` : name,
      aliases: [`${f(0)} ${g(0)}`, `${g(0)} al-${f(4)}`],
      referenceNumber: `QDi.${1000 + i}`,
      listType: 'Al-Qaida',
      datesOfBirth: [String(1950 + (i % 40))],
      nationalities: [],
      listedOn: null,
      comments: null,
    };
  });
}

/** Runs `fn` in a transaction that is rolled back, and returns its result and the time it took (s). */
async function rolledBack<T>(fn: (tx: typeof handle.db) => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  let took = 0;
  const out = await inRolledBackTransaction(handle.db, async (tx) => {
    const r = await fn(tx);
    took = (performance.now() - started) / 1000;
    return r;
  });
  return [out, took];
}

let failed = false;
try {
  await runMigrations(handle);
  await ensureCustomers(handle, values.database, customers);
  await handle.db.execute(sql`vacuum analyze customers`);
  const xml = fs.readFileSync(
    path.resolve(import.meta.dirname, '../server/test/fixtures/sanctions/un-consolidated-sample.xml'),
    'utf8',
  );
  const sample = parseUnList(xml);
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`delete from sanctions_hits`);
    await tx.execute(sql`delete from sanctions_names`);
    await tx.execute(sql`delete from sanctions_entries`);
    await tx.execute(sql`delete from sanctions_list_versions`);
    const staged = await stageVersion(
      tx,
      'un',
      'bench.xml',
      { generatedAt: null, entries: [...sample.entries, ...madeUpEntries(Number(values.entries))] },
      'bench',
    );
    await tx.execute(
      sql`update sanctions_list_versions set status = 'active' where id = ${staged.versionId}::bigint`,
    );
  });
  await handle.db.execute(sql`vacuum analyze sanctions_names, sanctions_entries, sanctions_list_versions`);
  const [counts] = await queryRows<{ names: number; threshold: string; buffers: string }>(
    handle.db,
    sql`select (select count(*)::int from sanctions_names) as names, (select threshold::text from sanctions_settings) as threshold,
               current_setting('shared_buffers') as buffers`,
  );
  console.log(
    `\nSanctions re-screen: ${customers.toLocaleString('en-US')} customers × ${counts!.names} list names (threshold ${counts!.threshold}, shared_buffers ${counts!.buffers}), ${values.runs} runs, s`,
  );
  console.log(
    `  ${'run'.padEnd(6)}${'re-screen'.padStart(12)}${'hits'.padStart(10)}${'floor'.padStart(10)}${'pairs'.padStart(10)}${'ratio'.padStart(8)}`,
  );
  let worst = 0;
  for (let r = 1; r <= Number(values.runs); r++) {
    const [{ hits }, full] = await rolledBack((tx) => rescreenAllCustomers(tx));
    const [pairs, floor] = await rolledBack(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.similarity_threshold', threshold::text, true) from sanctions_settings`,
      );
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from sanctions_names n join customers c on c.screen_name % n.norm`,
      );
      return Number(row!.n);
    });
    worst = Math.max(worst, full);
    console.log(
      `  ${String(r).padEnd(6)}${full.toFixed(2).padStart(12)}${String(hits).padStart(10)}${floor.toFixed(2).padStart(10)}${String(pairs).padStart(10)}${(full / floor).toFixed(2).padStart(8)}`,
    );
  }
  const pass = worst < TARGET_S;
  failed ||= !pass;
  console.log(`  ${pass ? 'PASS' : 'FAIL'} re-screen < ${TARGET_S} s (worst ${worst.toFixed(2)} s)`);
} finally {
  await handle.close();
  if (values.drop) await adminQuery(adminUrl, `drop database if exists ${values.database} with (force)`);
}
if (failed) process.exitCode = 1;
