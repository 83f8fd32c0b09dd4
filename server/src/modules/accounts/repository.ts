import { sql } from 'drizzle-orm';
import type { AccountDetails, Transaction } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

/** Timestamps leave the database as UTC text with microseconds, so cursors lose no precision. */
const utcText = (col: string) =>
  sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

export interface AccountRef extends AccountDetails {
  id: number;
  custId: number;
  branchCode: string;
  branchTown: string;
}

export async function findAccount(db: Database, accountNumber: string): Promise<AccountRef | null> {
  const [r] = await queryRows<AccountRef & Record<string, unknown>>(
    db,
    sql`select a.id, a.cust_id as "custId", a.account_number as "accountNumber", c.name as "accountName",
               a.account_type as "accountType", a.balance::text as balance, a.currency, a.status,
               to_char(a.opened_on, 'YYYY-MM-DD') as "dateOpened", b.name as branch,
               b.code as "branchCode", b.town as "branchTown",
               account_held(a.id, a.held)::numeric(18,2)::text as held, a.block_kind as "blockKind",
               -- the newest posting, from the end of the account's history index (Account Enquiry's
               -- last activity)
               (select to_char(t.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from transactions t
                 where t.account_id = a.id order by t.posted_at desc, t.id desc limit 1) as "lastActivity",
               (a.balance - account_held(a.id, a.held) + case when a.overdraft_expires_on is null
                  or a.overdraft_expires_on >= current_business_date() then a.overdraft_limit else 0 end)::numeric(18,2)::text as available
        from accounts a join customers c on c.cust_id = a.cust_id join branches b on b.code = a.branch_code
        where a.account_number = ${accountNumber}`,
  );
  return r ? { ...r, id: Number(r.id), custId: Number(r.custId) } : null;
}

interface TxRow extends Record<string, unknown> {
  id: string | number;
  date: string;
  description: string;
  amount: string;
  type: 'credit' | 'debit';
  balance: string;
  reversible: boolean;
}

const toTransaction = (r: TxRow): Transaction => ({ ...r, id: String(r.id) });

/**
 * Newest first, keyset-paged on (posted_at, id): each page starts strictly after the previous
 * page's last row, so postings arriving meanwhile (always newer) cause neither gaps nor repeats.
 */
export async function listTransactions(
  db: Database,
  accountId: number,
  limit: number,
  cursor?: string,
): Promise<{ items: Transaction[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await queryRows<TxRow>(
    db,
    sql`select t.id, ${utcText('t.posted_at')} as date, t.description, t.amount::text as amount,
               t.direction as type, t.balance_after::text as balance,
               (e.source <> 'reversal' and not exists (select 1 from journal_entries r where r.reversal_of = e.id))
                 as reversible
        from transactions t join journal_entries e on e.id = t.entry_id
        where t.account_id = ${accountId}
          ${after ? sql`and (t.posted_at, t.id) < (${after.postedAt}::timestamptz, ${after.id})` : sql``}
        order by t.posted_at desc, t.id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toTransaction),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ postedAt: last.date, id: Number(last.id) }) : null,
  };
}
