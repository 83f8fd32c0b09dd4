import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * As `queryRows`, as a named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on every call. A posting's statements cost more to plan than to run (0.4–0.6 ms to plan
 * a 0.1 ms read), so the statements every posting runs use this. The name is a digest of
 * the text, so two texts never share a name. Only for statements whose text is fixed (parameters
 * vary, the text does not): each distinct text stays prepared in every pooled connection. PGlite
 * ignores the name and runs it as before.
 */
export async function preparedRows<T extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (!name) {
    name = `bm_${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
    names.set(built.sql, name);
  }
  const result: unknown = await db._.session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * A statement of fixed text and positional parameters ($1, $2, …), built once: `preparedRows` builds
 * its text from the `sql` template on every call (about 25 µs of CPU on this machine), which the
 * statements every posting sends (ledger_post_entry, ledger_post_transfer) skip. Prepared as
 * preparedRows prepares, under a digest of the text.
 */
export function preparedStatement<T extends Record<string, unknown>>(text: string) {
  const name = `bm_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return async (db: Database, params: unknown[]): Promise<T[]> => {
    const result: unknown = await db._.session
      .prepareQuery({ sql: text, params }, undefined, name, false)
      .execute();
    return (result as { rows: T[] }).rows;
  };
}

/**
 * A list as one array parameter (`= any(${pgArray(ids)}::bigint[])`), so a statement's text stays the
 * same whatever the list's length. Each element is quoted, so a comma or brace in a value stays in it.
 */
export const pgArray = (values: readonly (string | number)[]): string =>
  `{${values.map((v) => `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
