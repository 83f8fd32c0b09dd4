import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { openDatabase, type DbHandle } from '../../src/db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '../../src/db/migrate.ts';

/*
 * Every test file wants a freshly migrated database. Migrating from zero costs ~2 s and PGlite's initdb
 * another ~3 s, per file, on each of the ~200 files; copying a migrated one costs well under a second.
 * So the migrated state is built once per migration set (the fingerprint below) and copied: PGlite loads
 * a dumped data directory, PostgreSQL clones a template database. A changed migration changes the
 * fingerprint, so a stale copy is never used.
 */

let fingerprintMemo: string | undefined;

/** Hash of every migration file and of the PGlite build that will load the dump. */
export function migrationsFingerprint(): string {
  if (fingerprintMemo) return fingerprintMemo;
  const hash = createHash('sha256');
  const files = fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file).update('\0').update(fs.readFileSync(full)).update('\0');
  }
  hash.update(pgliteVersion());
  fingerprintMemo = hash.digest('hex').slice(0, 16);
  return fingerprintMemo;
}

// The package's exports hide its package.json: find it above the resolved entry point.
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

let snapshotMemo: Promise<Blob> | undefined;

/** The migrated PGlite data directory as a tarball, built on first use by whichever worker needs it first. */
export function migratedPgliteSnapshot(): Promise<Blob> {
  snapshotMemo ??= loadOrBuildSnapshot();
  return snapshotMemo;
}

async function loadOrBuildSnapshot(): Promise<Blob> {
  const dir = path.join(os.tmpdir(), 'bankmanager-test-snapshots');
  const file = path.join(dir, `pglite-${migrationsFingerprint()}.tar`);
  if (!fs.existsSync(file)) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await runMigrations(handle);
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    await handle.close();
    fs.mkdirSync(dir, { recursive: true });
    // Workers racing to build it each write their own file; the rename makes whichever wins whole.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, dump);
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** Arbitrary key for the advisory lock that serializes building the template on one server. */
const TEMPLATE_LOCK = 7_310_542;

/**
 * Name of a migrated template database on the PostgreSQL server at `adminUrl`, built under an advisory
 * lock by the first worker that asks, and published by renaming it: another worker never sees it half
 * migrated, and nobody stays connected to it (CREATE DATABASE … TEMPLATE requires that).
 */
export async function migratedPgTemplate(adminUrl: string): Promise<string> {
  const name = `bm_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolMax: 2 });
      await runMigrations(handle);
      await handle.close();
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  } finally {
    await admin.end();
  }
}

/**
 * A copy shares its original's audit chain id, which names the database a checkpoint file belongs to
 * (migration 0016); a freshly migrated database draws its own, so the copy does too.
 */
export async function drawOwnAuditChainId(handle: DbHandle): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_chain_meta disable trigger audit_chain_meta_append_only`);
    await tx.execute(sql`update audit_chain_meta set chain_id = gen_random_uuid()`);
    await tx.execute(sql`alter table audit_chain_meta enable trigger audit_chain_meta_append_only`);
  });
}

/**
 * Opens a PGlite copy of the migrated database in `dataDir` (an empty directory, or `memory://`), with
 * its own audit chain id: the database a first start would have migrated, without the migrations.
 */
export async function openMigratedPgliteCopy(dataDir: string): Promise<DbHandle> {
  const handle = await openDatabase({ dataDir, loadDataDir: await migratedPgliteSnapshot() });
  try {
    await drawOwnAuditChainId(handle);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/**
 * Fills the empty PGlite `dataDir` with a copy of the migrated database, as a server's first start on
 * it would have left it minus the demo data: for tests that start real servers without testing the
 * migrations themselves (about 7 CPU s less per start). A first start on an empty directory stays
 * tested by the lifecycle test.
 */
export async function fillWithMigratedCopy(dataDir: string): Promise<void> {
  await (await openMigratedPgliteCopy(dataDir)).close();
}
