import { sql } from 'drizzle-orm';
import {
  DAILY_LIMITS,
  type JournalSource,
  type PerTransactionLimitKind,
  type RoleLimit,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** The journal sources whose customer-account debits count toward each kind's daily limits. */
const SOURCES: Record<PerTransactionLimitKind, JournalSource[]> = {
  maxCashWithdrawal: ['teller'],
  maxTransfer: ['transfer'],
  maxManualJournal: ['posting'],
};

export interface DailyQuestion {
  makerId: string;
  kind: PerTransactionLimitKind;
  currency: string;
  accountNumber: string;
  amount: string;
}

/**
 * Whether `amount` more of `kind` keeps the business day's totals within the maker's daily limit
 * (everything they took out of customer accounts today) and the account's (everything anyone took out
 * of this account today). Without either limit the answer is no: a second person looks. Debits count
 * from the customer-account lines of the day's posted entries, whoever approved them.
 */
export async function withinDailyLimits(
  db: Database,
  limits: RoleLimit[],
  q: DailyQuestion,
): Promise<boolean> {
  const kinds = DAILY_LIMITS[q.kind];
  const row = limits.find((l) => l.currency === q.currency);
  const makerLimit = row?.[kinds.maker] ?? null;
  const accountLimit = row?.[kinds.account] ?? null;
  if (makerLimit === null || accountLimit === null) return false;
  const sources = sql.join(
    SOURCES[q.kind].map((s) => sql`${s}`),
    sql`, `,
  );
  const [r] = await queryRows<{ ok: boolean }>(
    db,
    sql`select coalesce(sum(t.amount) filter (where e.maker_id = ${q.makerId}), 0) + ${q.amount}::numeric
                 <= ${makerLimit}::numeric
           and coalesce(sum(t.amount) filter (where a.account_number = ${q.accountNumber}), 0) + ${q.amount}::numeric
                 <= ${accountLimit}::numeric as ok
          from journal_entries e
          join transactions t on t.entry_id = e.id and t.direction = 'debit'
          join accounts a on a.id = t.account_id and a.currency = ${q.currency}
         where e.business_date = current_business_date()
           and e.source in (${sources})
           and (e.maker_id = ${q.makerId} or a.account_number = ${q.accountNumber})`,
  );
  return r?.ok ?? false;
}
