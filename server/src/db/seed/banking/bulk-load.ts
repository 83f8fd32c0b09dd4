import { sql } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { queryRows } from '../../rows.ts';

/**
 * The classic bulk-load recipe, inside the caller's transaction: switch off the row triggers, drop
 * secondary indexes and foreign keys of the loaded tables, load, then put everything back. Indexes
 * are rebuilt by a sort instead of a million single inserts, and each foreign key is re-validated
 * by one set-based check instead of a lookup per row. Definitions are read from the catalog, so the
 * migrations stay their single source. ALTER TABLE is transactional: a failure restores it all.
 */
export const BULK_TABLES = [
  'customers',
  'accounts',
  'transactions',
  'mobile_banking_subscriptions',
  'registered_user_keys',
  'registered_user_balances',
];

/** Row triggers whose per-row work the seed does set-based (and then verifies). */
const BULK_TRIGGERS: [table: string, trigger: string][] = [
  ['transactions', 'transactions_post'],
  // Its statement-level twin (issue 19): idle without ledger.bulk_entry, but it would still keep a
  // transition table of every row the seed loads.
  ['transactions', 'transactions_post_bulk'],
  ['transactions', 'transactions_no_truncate'],
  ['transactions', 'transactions_entry_guard'],
  ['journal_entries', 'journal_entries_guard'],
  ['journal_entries', 'journal_entries_balanced'],
  ['journal_entries', 'journal_entries_no_truncate'],
  ['gl_lines', 'gl_lines_guard'],
  // The seed posts no till lines (it opens no sessions); its teller-cash lines would each look up their entry.
  ['gl_lines', 'gl_lines_till'],
  ['gl_lines', 'gl_lines_no_truncate'],
  ['accounts', 'accounts_control_mapping'],
  ['accounts', 'accounts_guard'],
  ['accounts', 'accounts_stats'],
  ['customers', 'customers_stats'],
  ['customers', 'customers_keys_sync'],
  ['accounts', 'accounts_keys_sync'],
  ['mobile_banking_subscriptions', 'mbs_keys_sync'],
  // The seed counts the terms in JS (term-counts.ts): the trigger's SQL would take most of a minute at 1M.
  ['registered_user_keys', 'ruk_term_counts_inserted'],
];

interface Saved {
  indexes: { name: string; def: string }[];
  foreignKeys: { table: string; name: string; def: string }[];
}

async function setTriggers(tx: Database, enabled: boolean): Promise<void> {
  for (const [table, trigger] of BULK_TRIGGERS) {
    const verb = enabled ? sql`enable` : sql`disable`;
    await tx.execute(sql`alter table ${sql.identifier(table)} ${verb} trigger ${sql.identifier(trigger)}`);
  }
}

/** Drops what slows a bulk insert; returns what `finishBulkLoad` must restore. */
export async function startBulkLoad(tx: Database): Promise<Saved> {
  const tables = sql`(${sql.join(
    BULK_TABLES.map((t) => sql`${t}::regclass`),
    sql`, `,
  )})`;
  // Indexes that back no constraint (PRIMARY KEY and UNIQUE stay: foreign keys point at them).
  const indexes = await queryRows<{ name: string; def: string }>(
    tx,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid in ${tables} and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
        order by c.relname`,
  );
  const foreignKeys = await queryRows<{ table: string; name: string; def: string }>(
    tx,
    sql`select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
        from pg_constraint where contype = 'f' and conrelid in ${tables} order by conname`,
  );
  await setTriggers(tx, false);
  for (const fk of foreignKeys) {
    await tx.execute(sql`alter table ${sql.identifier(fk.table)} drop constraint ${sql.identifier(fk.name)}`);
  }
  for (const ix of indexes) await tx.execute(sql`drop index ${sql.identifier(ix.name)}`);
  return { indexes, foreignKeys };
}

/** Rebuilds indexes, re-adds (and so re-validates) foreign keys, re-enables the triggers. */
export async function finishBulkLoad(tx: Database, saved: Saved): Promise<void> {
  // Definitions come from pg_catalog (pg_get_indexdef / pg_get_constraintdef), never from input.
  for (const ix of saved.indexes) await tx.execute(sql.raw(ix.def));
  for (const fk of saved.foreignKeys) {
    await tx.execute(
      sql`alter table ${sql.identifier(fk.table)} add constraint ${sql.identifier(fk.name)} ${sql.raw(fk.def)}`,
    );
  }
  await setTriggers(tx, true);
}
