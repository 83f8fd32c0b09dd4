import { sql } from 'drizzle-orm';
import type { PostingLegs } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The journal entry of one customer posting (a `transactions` row of that account) and its other
 * lines: where the money came from or went to. Undefined when the account has no such posting, so a
 * caller cannot read another account's entry by guessing ids.
 */
export async function postingLegs(
  db: Database,
  accountNumber: string,
  transactionId: string,
): Promise<PostingLegs | undefined> {
  const [entry] = await queryRows<Omit<PostingLegs, 'legs'> & Record<string, unknown>>(
    db,
    sql`select e.id::text as entry_id, e.business_date::text as business_date, e.narration, e.reference, e.source
        from transactions t
        join accounts a on a.id = t.account_id and a.account_number = ${accountNumber}
        join journal_entries e on e.id = t.entry_id
        where t.id = ${transactionId}::bigint`,
  );
  if (!entry) return undefined;
  const legs = await queryRows<PostingLegs['legs'][number] & Record<string, unknown>>(
    db,
    sql`select 'customer' as kind, a.ledger_code as gl_code, g.name as gl_name, a.account_number,
               a.currency, t.direction as side, t.amount::text as amount, t.id
        from transactions t join accounts a on a.id = t.account_id join gl_accounts g on g.code = a.ledger_code
        where t.entry_id = ${entry.entry_id}::bigint and t.id <> ${transactionId}::bigint
        union all
        select 'gl', l.gl_code, g.name, null, l.currency, l.side, l.amount::text, l.id
        from gl_lines l join gl_accounts g on g.code = l.gl_code
        where l.entry_id = ${entry.entry_id}::bigint
        order by id`,
  );
  return { ...entry, legs: legs.map(({ id: _id, ...leg }) => leg) };
}
