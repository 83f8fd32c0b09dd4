import { sql } from 'drizzle-orm';
import type { TrialBalance } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { balancesAsOf, currenciesTable, currentBusinessDate } from './balances.ts';

/**
 * The trial balance at the end of `date`: each account's balance on its debit or credit side, and the
 * totals per currency summed in SQL numeric (never in JavaScript floats). A currency with no balance
 * at all still gets its zero totals, so both currencies are always reported.
 */
export async function buildTrialBalance(db: Database, date: string): Promise<TrialBalance> {
  const balances = await balancesAsOf(db, date, await currentBusinessDate(db));
  const rows = balances.map((b) => {
    const negative = b.net.startsWith('-');
    return {
      code: b.code,
      name: b.name,
      class: b.class,
      currency: b.currency,
      debit: negative ? '0.00' : b.net,
      credit: negative ? b.net.slice(1) : '0.00',
    };
  });
  const totals = await queryRows<TrialBalance['totals'][number] & Record<string, unknown>>(
    db,
    sql`select c.currency,
               coalesce(sum(r.debit), 0)::numeric(18,2)::text as debit,
               coalesce(sum(r.credit), 0)::numeric(18,2)::text as credit,
               coalesce(sum(r.debit) - sum(r.credit), 0)::numeric(18,2)::text as difference
        from ${currenciesTable}
        left join jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             as r(currency text, debit numeric, credit numeric) on r.currency = c.currency
        group by c.currency order by c.currency`,
  );
  return { date, rows, totals, balanced: totals.every((t) => t.difference === '0.00') };
}
