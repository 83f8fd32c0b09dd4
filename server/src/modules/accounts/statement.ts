import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AccountRef } from './repository.ts';

export interface StatementLine {
  date: string;
  valueDate: string;
  description: string;
  reference: string;
  type: 'credit' | 'debit';
  amount: string;
  balance: string;
}

export interface Statement {
  account: AccountRef;
  from: string;
  to: string;
  openingBalance: string;
  closingBalance: string;
  totalCredits: string;
  totalDebits: string;
  lines: StatementLine[];
  generatedAt: string;
}

/**
 * Everything a statement shows for [from, to] (whole days, UTC — Sierra Leone's own time zone).
 * Balances and totals are computed in SQL numeric; the caller only formats strings.
 */
export async function buildStatement(
  db: Database,
  account: AccountRef,
  from: string,
  to: string,
): Promise<Statement> {
  const start = sql`${from}::date::timestamp at time zone 'UTC'`;
  const end = sql`(${to}::date + 1)::timestamp at time zone 'UTC'`;
  const [opening] = await queryRows<{ balance: string | null }>(
    db,
    sql`select balance_after::text as balance from transactions
        where account_id = ${account.id} and posted_at < ${start}
        order by posted_at desc, id desc limit 1`,
  );
  const lines = await queryRows<StatementLine & Record<string, unknown>>(
    db,
    sql`select to_char(posted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as date,
               to_char(value_date, 'YYYY-MM-DD') as "valueDate", description, reference,
               direction as type, amount::text as amount, balance_after::text as balance
        from transactions
        where account_id = ${account.id} and posted_at >= ${start} and posted_at < ${end}
        order by posted_at, id`,
  );
  const [totals] = await queryRows<{ credits: string; debits: string; closing: string }>(
    db,
    sql`select coalesce(sum(amount) filter (where direction = 'credit'), 0)::numeric(18,2)::text as credits,
               coalesce(sum(amount) filter (where direction = 'debit'), 0)::numeric(18,2)::text as debits,
               (${opening?.balance ?? '0'}::numeric
                 + coalesce(sum(case direction when 'credit' then amount else -amount end), 0))::numeric(18,2)::text as closing
        from transactions
        where account_id = ${account.id} and posted_at >= ${start} and posted_at < ${end}`,
  );
  return {
    account,
    from,
    to,
    openingBalance: opening?.balance ?? '0.00',
    closingBalance: totals!.closing,
    totalCredits: totals!.credits,
    totalDebits: totals!.debits,
    lines,
    generatedAt: new Date().toISOString(),
  };
}
