import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { BULK_TABLES } from '../../src/db/seed/banking/bulk-load.ts';

/** An ordered, text-rendered dump of the key tables, hashed per table. */
export async function dump(db: Database): Promise<Record<string, string>> {
  const tables = {
    customers: 'cust_id',
    accounts: 'id',
    transactions: 'id',
    mobile_banking_subscriptions: 'cust_id',
    banking_stats: 'metric, currency, slot',
  };
  const out: Record<string, string> = {};
  for (const [table, order] of Object.entries(tables)) {
    const rows = await queryRows<{ line: string }>(
      db,
      sql`select t::text as line from ${sql.identifier(table)} t order by ${sql.raw(order)}`,
    );
    out[table] = createHash('sha256')
      .update(rows.map((r) => r.line).join('\n'))
      .digest('hex');
  }
  return out;
}

/** Tables whose indexes, keys or triggers a bulk load switches off (bulk-load.ts), and its journals. */
const LOADED = [...BULK_TABLES, 'journal_entries', 'gl_lines'];

/** Indexes, constraints and enabled triggers of the bulk-loaded tables, as the catalog describes them. */
export async function catalog(db: Database): Promise<string[]> {
  const tables = sql.join(
    LOADED.map((t) => sql`${t}::regclass`),
    sql`, `,
  );
  const rows = await queryRows<{ d: string }>(
    db,
    sql`select 'index ' || indexname || ': ' || indexdef as d from pg_indexes
          where schemaname = 'public' and tablename in (select relname from pg_class where oid in (${tables}))
        union all
        select 'constraint ' || conname || ': ' || pg_get_constraintdef(oid) from pg_constraint
          where conrelid in (${tables})
        union all
        select 'trigger ' || tgname || ' ' || tgenabled::text from pg_trigger
          where not tgisinternal and tgrelid in (${tables})
        order by 1`,
  );
  return rows.map((r) => r.d);
}
