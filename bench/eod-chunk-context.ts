// What the end-of-day chunk benches share: a month end's step context on the database's latest run, and
// a sampler of what its backends wait on while chunks run side by side.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/src/db/client.ts';
import { queryRows } from '../server/src/db/rows.ts';
import type { StepContext } from '../server/src/modules/eod/step-context.ts';

/**
 * The context a month end's `step` gives its chunks, on the database's business date and its latest
 * run (for the failures and audit rows the chunk writes); a month's products, not a quarter's.
 */
export async function monthEndContext(db: Database, step: string, chunkRows: number): Promise<StepContext> {
  const [run] = await queryRows<{ id: number; d: string; by: string; email: string }>(
    db,
    sql`select r.id, current_business_date()::text as d, r.requested_by::text as by, r.requested_email as email
          from eod_runs r order by r.id desc limit 1`,
  );
  if (!run) throw new Error('no end-of-day run in this database: run bench:eod first');
  return {
    run: {
      id: run.id,
      businessDate: run.d,
      monthEnd: true,
      quarterEnd: false,
      requestedBy: run.by,
      requestedEmail: run.email,
    },
    step,
    chunkRows,
  } as unknown as StepContext;
}

/**
 * Counts, every `everyMs` until `going()` turns false, what this database's other active backends wait
 * on (`on CPU` when nothing): a lock or latch wait between chunks side by side would show here.
 */
export async function sampleWaits(
  db: Database,
  going: () => boolean,
  into: Map<string, number>,
  everyMs = 10,
): Promise<void> {
  while (going()) {
    const rows = await queryRows<{ w: string }>(
      db,
      sql`select coalesce(wait_event_type || ':' || wait_event, 'on CPU') as w from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
    );
    for (const x of rows) into.set(x.w, (into.get(x.w) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
