import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';

export type TestLine =
  | { gl: string; side: 'debit' | 'credit'; amount: string; currency: 'SLE' | 'USD' }
  | { accountId: number; side: 'debit' | 'credit'; amount: string };

let counter = 0;

/**
 * Posts one journal entry straight into the ledger tables, in one transaction (the database checks
 * that it balances at commit), on the business date `on` (default: the current one). Report tests use
 * it to make known figures without depending on a posting route.
 */
export async function postTestEntry(
  db: Database,
  lines: TestLine[],
  opts: { narration?: string; on?: string; source?: string } = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    if (opts.on) {
      await tx.execute(sql`insert into bank_business_date (id, business_date) values (true, ${opts.on}::date)
                           on conflict (id) do update set business_date = excluded.business_date`);
    }
    const [entry] = await queryRows<{ id: string }>(
      tx,
      sql`insert into journal_entries (business_date, value_date, narration, source, reference)
          values (current_business_date(), current_business_date(), ${opts.narration ?? 'Test entry'},
                  ${opts.source ?? 'system'}, ${`TEST-${process.pid}-${Date.now()}-${++counter}`})
          returning id`,
    );
    for (const l of lines) {
      if ('gl' in l) {
        await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
                             values (${entry!.id}, ${l.gl}, ${l.currency}, ${l.side}, ${l.amount}::numeric)`);
      } else {
        const delta = l.side === 'credit' ? sql`${l.amount}::numeric` : sql`-${l.amount}::numeric`;
        await tx.execute(sql`
          insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
          select a.id, now(), current_business_date(), ${opts.narration ?? 'Test entry'}, ${l.amount}::numeric,
                 ${l.side}, a.balance + ${delta}, ${`TEST-LINE-${++counter}`}, ${entry!.id}
          from accounts a where a.id = ${l.accountId}`);
      }
    }
    if (opts.on) {
      await tx.execute(sql`update bank_business_date set business_date = null where id`);
    }
    return entry!.id;
  });
}
