import { sql } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { queryRows } from '../../rows.ts';
import { insertAccounts, insertRegisteredUserKeys, insertSubscriptions } from './accounts.ts';
import { rebuildIndex, restoreConstraints, validateForeignKey, type Saved } from './bulk-load.ts';
import { insertCustomers } from './customers.ts';
import { insertPostings, insertSeedEntries } from './postings.ts';
import type { Rng } from './prng.ts';
import { insertDirectors } from './profiles.ts';
import type { CustomerRange } from './range.ts';
import { insertRegisteredUserTermCounts } from './term-counts.ts';

export interface PlanContext {
  rng: Rng;
  asOf: string;
  /** Customers in all (ids 1..n). */
  n: number;
  transactionsPerAccount: number;
  /** How the customers are cut for this run: one range in one transaction, several across connections. */
  ranges: CustomerRange[];
  /** Connections loading side by side: work that cannot be cut by customer is cut this many ways. */
  connections: number;
  saved: Saved;
}

/** One unit of work, run in one transaction; the tasks of a stage never depend on each other. */
export interface SeedTask {
  label: string;
  run(tx: Database): Promise<void>;
}

/**
 * The seed's stages in order. Each stage reads only what earlier stages wrote, so its tasks may run
 * side by side on several connections (parallel.ts) or one after another in one transaction (index.ts).
 * A stage lists its longest single tasks first, so side by side they do not finish last.
 */
export interface SeedStage {
  name: string;
  tasks(ctx: PlanContext): SeedTask[];
}

const perRange = (
  ctx: PlanContext,
  label: string,
  run: (tx: Database, range: CustomerRange) => Promise<void>,
): SeedTask[] => ctx.ranges.map((r) => ({ label: `${label} ${r.from}-${r.to}`, run: (tx) => run(tx, r) }));

async function expectNone(tx: Database, check: string, query: ReturnType<typeof sql>): Promise<void> {
  const bad = await queryRows(tx, query);
  if (bad.length > 0) throw new Error(`seed broke ${check}: ${JSON.stringify(bad)}`);
}

export const SEED_STAGES: readonly SeedStage[] = [
  {
    name: 'customers',
    tasks: (c) => perRange(c, 'customers', (tx, r) => insertCustomers(tx, c.rng, r, c.asOf)),
  },
  {
    // Directors are drawn from every customer, so this waits until all exist.
    name: 'directors',
    tasks: (c) => perRange(c, 'directors', (tx, r) => insertDirectors(tx, c.rng, c.n, r)),
  },
  {
    name: 'accounts',
    tasks: (c) =>
      perRange(c, 'accounts', (tx, r) => insertAccounts(tx, c.rng, c.asOf, c.transactionsPerAccount, r)),
  },
  {
    name: 'postings and subscriptions',
    tasks: (c) => [
      ...perRange(c, 'postings', (tx, r) => insertPostings(tx, c.rng, c.asOf, c.transactionsPerAccount, r)),
      ...perRange(c, 'subscriptions', (tx, r) => insertSubscriptions(tx, c.rng, c.asOf, r)),
    ],
  },
  {
    // An entry holds a branch's day of postings across customers: entries are shared out by id, not
    // by customer.
    name: 'journal entries and registered user keys',
    tasks: (c) => [
      ...Array.from({ length: c.connections }, (_, i) => ({
        label: `journal entries ${i} mod ${c.connections}`,
        run: (tx: Database) => insertSeedEntries(tx, i, c.connections),
      })),
      ...perRange(c, 'registered user keys', (tx, r) => insertRegisteredUserKeys(tx, r)),
    ],
  },
  {
    // Everything here only reads the loaded tables, or writes tables of its own: the checks, end of
    // day's daily balances, the search counts, and the index builds (CREATE INDEX lets readers in).
    // One stage, longest tasks first, so no connection waits at a stage's end for another's.
    name: 'history, checks and indexes',
    tasks: (c) => [
      {
        label: 'ledger invariants',
        run: (tx) => expectNone(tx, 'the ledger invariants', sql`select * from ledger_violations() limit 5`),
      },
      {
        // Daily GL snapshots (past-date trial balances), as migration eod_functions does for existing data.
        label: 'end-of-day daily balances',
        run: async (tx) => void (await tx.execute(sql`select eod_backfill_daily()`)),
      },
      {
        label: 'registered user keys',
        run: (tx) =>
          expectNone(
            tx,
            'registered_user_keys',
            sql`select * from registered_user_keys_violations() limit 5`,
          ),
      },
      { label: 'registered user term counts', run: (tx) => insertRegisteredUserTermCounts(tx) },
      { label: 'stats', run: async (tx) => void (await tx.execute(sql`select refresh_banking_stats()`)) },
      // The 7,000,000 postings' indexes and the trigram ones take longest.
      ...[...c.saved.indexes]
        .sort((a, b) => rank(a.def) - rank(b.def))
        .map((ix) => ({ label: `index ${ix.name}`, run: (tx: Database) => rebuildIndex(tx, ix) })),
    ],
  },
  {
    name: 'constraints',
    tasks: (c) => [
      { label: 'foreign keys and triggers', run: (tx) => restoreConstraints(tx, c.saved, true) },
    ],
  },
  {
    // Each key re-checked by one set-based query; VALIDATE holds only the referencing table.
    name: 'foreign key checks',
    tasks: (c) =>
      c.saved.foreignKeys.map((fk) => ({
        label: `check ${fk.name}`,
        run: (tx) => validateForeignKey(tx, fk),
      })),
  },
];

const rank = (def: string) =>
  def.includes(' ON public.transactions ') ? 0 : def.includes('USING gin') ? 1 : 2;
