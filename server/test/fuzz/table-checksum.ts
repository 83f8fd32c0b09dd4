import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';

/**
 * Tables a refused request may legitimately change, and why that is sound:
 * - `auth_rate_limits` counts attempts, refused ones above all (that is how lockout and the per-IP
 *   limit work); it holds counters, never business data.
 * - `audit_log` records refused attempts too (failed sign-ins, denied staff actions, lookups of
 *   missing accounts). It is append-only by trigger; `auditMark` checks that no earlier row changed
 *   and the suite checks that a refused request never appends a `success` row.
 */
export const EXCLUDED_TABLES = ['auth_rate_limits', 'audit_log'] as const;

/** Every table in the public schema but the excluded ones, found at run time (new tables included). */
async function checkedTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.name).filter((n) => !(EXCLUDED_TABLES as readonly string[]).includes(n));
}

export type Checksums = Record<string, string>;

/**
 * One function per database that returns the md5 of every row of every checked table, in a stable
 * order, as an array in `tables`' order. It is PL/pgSQL so that its one statement (a subquery per
 * table, about 130 of them) is planned once per connection: sent as plain SQL after every fuzz case,
 * planning it again was most of its 20 ms on PostgreSQL; called, it takes about 8. The tables are the
 * schema's when the function is made: no route creates one.
 */
const checksumFunctions = new WeakMap<Database, Promise<string[]>>();

function checksumFunction(db: Database): Promise<string[]> {
  let made = checksumFunctions.get(db);
  if (!made) {
    made = (async () => {
      const tables = await checkedTables(db);
      const columns = tables.map(
        (t) =>
          sql`(select md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) from ${sql.identifier(t)} r)`,
      );
      await db.execute(
        sql`create or replace function fuzz_table_checksums() returns text[] language plpgsql as $fuzz$
              begin return array[${sql.join(columns, sql`, `)}]; end $fuzz$`,
      );
      return tables;
    })();
    checksumFunctions.set(db, made);
  }
  return made;
}

/** md5 of every row of every checked table, in a stable order: one call for all of them. */
export async function tableChecksums(db: Database): Promise<Checksums> {
  const tables = await checksumFunction(db);
  const [row] = await queryRows<{ sums: string[] }>(db, sql`select fuzz_table_checksums() as sums`);
  return Object.fromEntries(tables.map((t, i) => [t, row!.sums[i]!]));
}

/** Names of the tables whose checksum differs. */
export function changedTables(before: Checksums, after: Checksums): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

export interface AuditMark {
  lastId: number;
  lastHash: string;
  count: number;
}

/** The audit log's end: its last row (id and chain hash) and the number of rows up to it. */
export async function auditMark(db: Database): Promise<AuditMark> {
  const [row] = await queryRows<{ last_id: string | null; last_hash: string | null; n: string }>(
    db,
    sql`select max(id) as last_id, (select hash from audit_log order by id desc limit 1) as last_hash, count(*) as n from audit_log`,
  );
  return { lastId: Number(row!.last_id ?? 0), lastHash: row!.last_hash ?? '', count: Number(row!.n) };
}

/**
 * Rows appended since `mark` (action and outcome), after checking that the rows up to `mark` are
 * all still there, ending in the same hash. (Edits inside the log are refused by its triggers; the
 * suite recomputes the whole chain at the end as well.)
 */
export async function auditAppendedSince(
  db: Database,
  mark: AuditMark,
): Promise<{ action: string; outcome: string }[]> {
  const [prefix] = await queryRows<{ n: string; hash: string | null }>(
    db,
    sql`select count(*) as n, (select hash from audit_log where id = ${mark.lastId}) as hash from audit_log where id <= ${mark.lastId}`,
  );
  if (Number(prefix!.n) !== mark.count || (prefix!.hash ?? '') !== mark.lastHash) {
    throw new Error(`audit_log rows up to id ${mark.lastId} changed: the log must be append-only`);
  }
  return queryRows(db, sql`select action, outcome from audit_log where id > ${mark.lastId} order by id`);
}
