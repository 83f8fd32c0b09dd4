import { sql } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { queryRows } from '../../rows.ts';
import type { SeedOptions } from '../index.ts';
import { insertAccounts, insertRegisteredUserKeys, insertSubscriptions } from './accounts.ts';
import { insertCustomers } from './customers.ts';
import { insertDirectors } from './profiles.ts';
import { insertPostings, insertSeedEntries } from './postings.ts';
import { makeRng } from './prng.ts';
import { finishBulkLoad, startBulkLoad } from './bulk-load.ts';
import { insertReferenceData } from './reference-data.ts';
import { insertRegisteredUserTermCounts } from './term-counts.ts';
import { appendAudit } from '../../audit-log.ts';

/** Every date in the seed counts back from here, never from now(): same options, same bytes. */
export const DEFAULT_AS_OF = '2026-10-31';
export const MAX_TRANSACTIONS_PER_ACCOUNT = 1000;

export interface BankingSeedOptions extends SeedOptions {
  /** YYYY-MM-DD; defaults to DEFAULT_AS_OF. */
  asOf?: string;
  /** Wipe banking data first (refused otherwise when customers exist). */
  reset?: boolean;
}

export interface BankingSeedResult {
  skipped: boolean;
  customers: number;
  accounts: number;
  transactions: number;
  /** Milliseconds per phase, for the CLI and the benchmark. */
  timings: Record<string, number>;
}

const count = async (tx: Database, table: string) =>
  Number((await queryRows<{ n: string }>(tx, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);

/**
 * Generates branches, products, GL codes, customers, accounts, postings and mobile-banking
 * subscriptions. Pass a transaction: on any failure nothing is left behind.
 */
export async function seedBanking(tx: Database, opts: BankingSeedOptions): Promise<BankingSeedResult> {
  const t = opts.transactionsPerAccount;
  if (!Number.isInteger(opts.customers) || opts.customers < 0 || opts.customers > 9_999_999) {
    throw new Error('customers must be an integer between 0 and 9,999,999');
  }
  if (!Number.isInteger(t) || t < 1 || t > MAX_TRANSACTIONS_PER_ACCOUNT) {
    throw new Error(
      `transactions per account must be an integer between 1 and ${MAX_TRANSACTIONS_PER_ACCOUNT}`,
    );
  }
  if (!Number.isSafeInteger(opts.seed) || opts.seed < 0 || opts.seed > 9_000_000_000) {
    throw new Error('seed must be an integer between 0 and 9,000,000,000');
  }
  const asOf = opts.asOf ?? DEFAULT_AS_OF;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new Error('asOf must be YYYY-MM-DD');

  const timings: Record<string, number> = {};
  const phase = async (name: string, fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    timings[name] = Math.round(performance.now() - started);
  };

  if (!opts.reset && (await count(tx, 'customers')) > 0) {
    return { skipped: true, customers: 0, accounts: 0, transactions: 0, timings };
  }
  const rng = makeRng(opts.seed);
  // The generator's expressions are large: JIT would spend seconds compiling them for nothing, and
  // the window sorts want memory rather than disk. Both settings end with the transaction.
  await tx.execute(
    sql`select set_config('jit', 'off', true), set_config('work_mem', '256MB', true), set_config('maintenance_work_mem', '256MB', true)`,
  );
  const saved = await startBulkLoad(tx);
  if (opts.reset) {
    await phase('reset', () =>
      tx.execute(
        sql`truncate customer_relations, customer_documents, customer_contacts, account_holds, teller_transactions, till_vault_transfers, till_sessions, standing_order_runs, standing_orders, salary_batch_lines, salary_batches, transactions, gl_lines, journal_entries, registered_user_balances, registered_user_term_counts, registered_user_keys, mobile_banking_subscriptions, account_interest, interest_postings, eod_interest_daily, eod_fee_charges, eod_dormancy_marks, eod_fd_maturities, account_activity, gl_daily_balances, eod_failures, eod_run_steps, eod_runs, accounts, customers, banking_stats restart identity`,
      ),
    );
  }
  await phase('reference', () => insertReferenceData(tx));
  await phase('customers', () => insertCustomers(tx, rng, opts.customers, asOf));
  await phase('directors', () => insertDirectors(tx, rng, opts.customers));
  await phase('accounts', () => insertAccounts(tx, rng, asOf, t));
  await phase('postings', () => insertPostings(tx, rng, asOf, t));
  await phase('journal entries', () => insertSeedEntries(tx));
  await phase('subscriptions', () => insertSubscriptions(tx, rng, asOf));
  await phase('registered user keys', () => insertRegisteredUserKeys(tx));
  await phase('registered user term counts', () => insertRegisteredUserTermCounts(tx));
  await phase('indexes', () => finishBulkLoad(tx, saved));

  await phase('verify', async () => {
    const bad = await queryRows<{ account_id: string; problem: string }>(
      tx,
      sql`select * from ledger_violations() limit 5`,
    );
    if (bad.length > 0) throw new Error(`seed broke the ledger invariants: ${JSON.stringify(bad)}`);
    const drift = await queryRows(tx, sql`select * from registered_user_keys_violations() limit 5`);
    if (drift.length > 0) throw new Error(`seed left registered_user_keys wrong: ${JSON.stringify(drift)}`);
  });
  await phase('stats', () => tx.execute(sql`select refresh_banking_stats()`));
  // End of day's view of this history: daily GL snapshots (past-date trial balances) and each
  // account's last customer activity (dormancy), as migration eod_functions does for existing data.
  await phase('end-of-day history', () => tx.execute(sql`select eod_backfill()`));
  await phase('sequences', async () => {
    // Later inserts (postTransaction, new customers) continue after the generated ids.
    for (const [table, column] of [
      ['customers', 'cust_id'],
      ['accounts', 'id'],
      ['transactions', 'id'],
      ['journal_entries', 'id'],
    ] as const) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
      );
    }
    // New accounts' serials (ADR 0019) continue after the seeded ids, which are the seeded serials.
    await tx.execute(
      sql`select setval('account_serial_seq', coalesce((select max(id) from accounts), 0) + 1, false)`,
    );
    // gl_lines draws its ids from the transactions sequence too.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('transactions', 'id'), greatest((select max(id) from transactions), (select max(id) from gl_lines), 0) + 1, false)`,
    );
  });
  await phase('analyze', () =>
    tx.execute(
      sql`analyze customers, accounts, transactions, journal_entries, gl_lines, mobile_banking_subscriptions, registered_user_keys, registered_user_balances`,
    ),
  );
  const result = {
    skipped: false,
    customers: await count(tx, 'customers'),
    accounts: await count(tx, 'accounts'),
    transactions: await count(tx, 'transactions'),
    timings,
  };
  // A bulk load bypasses the per-posting audit rows, so it leaves one audit row of its own.
  await appendAudit(tx, {
    action: 'banking.seed',
    outcome: 'success',
    actorEmail: 'system',
    targetType: 'database',
    details: {
      ...opts,
      asOf,
      customers: result.customers,
      accounts: result.accounts,
      transactions: result.transactions,
    },
  });
  return result;
}
