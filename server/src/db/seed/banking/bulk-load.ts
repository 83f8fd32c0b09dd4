import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { queryRows } from '../../rows.ts';
import { appMeta } from '../../schema/system.ts';

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
  // Filled by accounts' insert trigger: its trigram index is built once at the end, not row by row.
  'account_search',
  'transactions',
  'mobile_banking_subscriptions',
  'registered_user_keys',
  'registered_user_balances',
  // End of day's last-activity rows, written with the postings: its foreign key, checked row by row,
  // cost a third of that work at 1,000,000 customers.
  'account_activity',
];

/** Every table the seed fills or that refers to what it fills: `--reset` and a failed bulk load empty them. */
export const SEEDED_TABLES = sql.raw(
  `loan_provision_releases, loan_recoveries, loan_write_offs, loan_provision_lines, loan_provision_runs, customer_relations, customer_documents, customer_contacts, account_holds, teller_transactions, till_vault_transfers, till_sessions, tills, standing_order_runs, standing_orders, salary_batch_lines, salary_batches, transactions, gl_lines, journal_entries, registered_user_balances, registered_user_term_counts, registered_user_keys, mobile_banking_subscriptions, account_interest, interest_postings, eod_interest_daily, eod_fee_charges, eod_dormancy_marks, eod_fd_maturities, account_activity, gl_daily_balances, eod_failures, eod_run_steps, eod_runs, account_search, loan_restructurings, loan_cure_watch, loan_repayments, loan_accrual_daily, loan_daily_status, loan_penalty_charges, loan_suspense_moves, loan_instalments, loans, loan_cash_disbursements, loan_application_documents, loan_application_events, loan_application_collateral, loan_application_guarantors, loan_applications, aml_str_reports, aml_case_attachments, aml_case_events, aml_alerts, aml_cases, report_daily_positions, report_daily_cash, report_daily_loan_classes, report_days, accounts, sanctions_hits, customers, banking_stats`,
);

/**
 * app_meta key of the definitions a bulk load dropped. Within one transaction it never shows; when
 * the load spans several (parallel.ts) it lets the next seed repair a crashed one, and stops the
 * server from starting on tables without their ledger triggers.
 */
export const BULK_LOAD_KEY = 'bulk_load_in_progress';

/** Row triggers whose per-row work the seed does set-based (and then verifies). */
const BULK_TRIGGERS: [table: string, trigger: string][] = [
  ['transactions', 'transactions_post'],
  // Its statement-level twin (ADR 0024): idle without ledger.bulk_entry, but it would still keep a
  // transition table of every row the seed loads.
  ['transactions', 'transactions_post_bulk'],
  ['transactions', 'transactions_no_truncate'],
  ['transactions', 'transactions_daily_debits_bulk'],
  // An STR is never truncated in use; a seed reset empties the cases it hangs on, so it goes too.
  ['aml_str_reports', 'aml_str_reports_no_truncate'],
  ['aml_case_attachments', 'aml_case_attachments_no_truncate'],
  ['journal_entries', 'journal_entries_guard'],
  ['journal_entries', 'journal_entries_balanced'],
  ['journal_entries', 'journal_entries_no_truncate'],
  ['gl_lines', 'gl_lines_guard'],
  // The seed posts no till lines (it opens no sessions); its teller-cash lines would each look up their entry.
  ['gl_lines', 'gl_lines_till'],
  ['gl_lines', 'gl_lines_no_truncate'],
  ['accounts', 'accounts_control_mapping'],
  ['accounts', 'accounts_guard'],
  ['accounts', 'accounts_guard_balance'],
  ['accounts', 'accounts_guard_identity'],
  // The funds and block rules, row by row: the seed's last stage checks them set-based (ledger_violations()).
  ['accounts', 'accounts_limits_kept'],
  ['accounts', 'accounts_stats'],
  ['customers', 'customers_stats'],
  ['customers', 'customers_keys_sync'],
  ['accounts', 'accounts_stats_moved'],
  ['mobile_banking_subscriptions', 'mbs_keys_sync'],
  // The seed counts the terms in JS (term-counts.ts): the trigger's SQL would take most of a minute at 1M.
  ['registered_user_keys', 'ruk_term_counts_inserted'],
];

export interface Saved {
  indexes: { name: string; def: string }[];
  foreignKeys: { table: string; name: string; def: string }[];
}

async function setTriggers(tx: Database, enabled: boolean): Promise<void> {
  for (const [table, trigger] of BULK_TRIGGERS) {
    const verb = enabled ? sql`enable` : sql`disable`;
    await tx.execute(sql`alter table ${sql.identifier(table)} ${verb} trigger ${sql.identifier(trigger)}`);
  }
}

/** Drops what slows a bulk insert; returns what the seed's last stages restore (plan.ts). */
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
  const saved = { indexes, foreignKeys };
  await tx.insert(appMeta).values({ key: BULK_LOAD_KEY, value: JSON.stringify(saved) });
  return saved;
}

/**
 * Rebuilds one dropped index. The rebuilds are independent of each other, so connections may share
 * them. Definitions come from pg_catalog (pg_get_indexdef), never from input.
 */
export async function rebuildIndex(tx: Database, ix: Saved['indexes'][number]): Promise<void> {
  await tx.execute(sql.raw(ix.def));
}

/**
 * Re-adds the foreign keys and re-enables the triggers. `notValid`: the keys are checked later, one
 * `validateForeignKey` each, which lets connections check them side by side (ADD takes a lock on both
 * tables that its neighbours would queue on; VALIDATE only holds the referencing one).
 */
export async function restoreConstraints(tx: Database, saved: Saved, notValid = false): Promise<void> {
  for (const fk of saved.foreignKeys) {
    await tx.execute(
      sql`alter table ${sql.identifier(fk.table)} add constraint ${sql.identifier(fk.name)} ${sql.raw(fk.def)} ${notValid ? sql`not valid` : sql``}`,
    );
  }
  await setTriggers(tx, true);
}

export async function validateForeignKey(tx: Database, fk: Saved['foreignKeys'][number]): Promise<void> {
  await tx.execute(
    sql`alter table ${sql.identifier(fk.table)} validate constraint ${sql.identifier(fk.name)}`,
  );
}

/** The load is complete: the next start need not repair it. */
export async function clearBulkLoadMarker(tx: Database): Promise<void> {
  await tx.delete(appMeta).where(eq(appMeta.key, BULK_LOAD_KEY));
}

/**
 * Undoes a bulk load that spanned transactions and failed or was killed: empties the seeded tables
 * (a partial bank is worse than none), then puts back whatever is still missing.
 */
export async function abandonBulkLoad(tx: Database, saved: Saved): Promise<void> {
  // The ledger's tables refuse TRUNCATE while their triggers are on (a failure may come after they are back).
  await setTriggers(tx, false);
  await tx.execute(sql`truncate ${SEEDED_TABLES} restart identity`);
  const present = new Set(
    (
      await queryRows<{ name: string }>(
        tx,
        sql`select relname as name from pg_class where relkind = 'i' and relnamespace = 'public'::regnamespace
            union all select conname from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
      )
    ).map((r) => r.name),
  );
  for (const ix of saved.indexes) if (!present.has(ix.name)) await rebuildIndex(tx, ix);
  await restoreConstraints(tx, {
    indexes: [],
    foreignKeys: saved.foreignKeys.filter((fk) => !present.has(fk.name)),
  });
  await clearBulkLoadMarker(tx);
}

/** A bulk load a crash left unfinished (its marker), if any. */
export async function interruptedBulkLoad(db: Database): Promise<Saved | undefined> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, BULK_LOAD_KEY));
  return row ? (JSON.parse(row.value) as Saved) : undefined;
}
