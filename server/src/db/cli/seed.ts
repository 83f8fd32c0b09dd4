// npm run db:seed -- --customers N [--transactions-per-account T] [--seed S] [--as-of YYYY-MM-DD] [--reset]
// Embedded (DATA_DIR, PGlite) or DATABASE_URL, from the same configuration as the server. The PGlite
// directory is locked while a server runs on it, so stop the server first; on PostgreSQL, too, seed a
// database no server is using (a large seed switches the ledger triggers off while it loads).
import { parseArgs } from 'node:util';
import { openForCli, runCli } from './open-for-cli.ts';
import { DEFAULT_DEMO_SEED } from '../seed/index.ts';
import { DEFAULT_AS_OF } from '../seed/banking/index.ts';
import { seedBankingInParallel } from '../seed/banking/parallel.ts';
import { seedDashboardContent } from '../seed/dashboard-content.ts';

const USAGE =
  'usage: npm run db:seed -- --customers N [--transactions-per-account T] [--seed S] [--as-of YYYY-MM-DD] [--reset]';

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`--${name} must be a non-negative integer (got "${value}")\n${USAGE}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string' },
      'transactions-per-account': { type: 'string' },
      seed: { type: 'string' },
      'as-of': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return void console.log(USAGE);
  const opts = {
    customers: integer('customers', values.customers, DEFAULT_DEMO_SEED.customers),
    transactionsPerAccount: integer(
      'transactions-per-account',
      values['transactions-per-account'],
      DEFAULT_DEMO_SEED.transactionsPerAccount,
    ),
    seed: integer('seed', values.seed, DEFAULT_DEMO_SEED.seed),
    asOf: values['as-of'] ?? DEFAULT_AS_OF,
    reset: values.reset,
  };
  // From 50,000 customers on PostgreSQL the load runs on one connection per core (ADR 0031).
  const handle = await openForCli(4);
  try {
    const started = performance.now();
    const result = await seedBankingInParallel(handle, opts);
    await handle.db.transaction((tx) => seedDashboardContent(tx, opts));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.skipped) {
      console.log('The database already holds customers; nothing generated. Use --reset to replace them.');
    } else {
      console.log(
        `Seeded ${result.customers} customers, ${result.accounts} accounts, ${result.transactions} transactions in ${seconds} s ` +
          `(${handle.driver}; seed ${opts.seed}, as of ${opts.asOf}).`,
      );
      console.log(`Phases (ms): ${JSON.stringify(result.timings)}`);
    }
  } finally {
    await handle.close();
  }
}

runCli(main);
