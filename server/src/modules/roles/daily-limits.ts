import { sql } from 'drizzle-orm';
import {
  DAILY_LIMITS,
  type JournalSource,
  type PerTransactionLimitKind,
  type RoleLimit,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { pgArray, preparedRows } from '../../db/prepared.ts';

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
 * from the customer-account lines of the day's posted entries, whoever approved them, as the day's
 * totals tables hold them.
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
  const sources = pgArray(SOURCES[q.kind]);
  // The day's totals as kept while lines post (the account's row, the maker's stripes: ADR 0040), not
  // the day's lines.
  const [r] = await preparedRows<{ ok: boolean }>(
    db,
    sql`select coalesce((select sum(m.total) from maker_daily_debits m
                          where m.business_date = current_business_date() and m.maker_id = ${q.makerId}::uuid
                            and m.source = any(${sources}::text[]) and m.currency = ${q.currency}), 0)
                 + ${q.amount}::numeric <= ${makerLimit}::numeric
           and coalesce((select sum(d.total) from account_daily_debits d join accounts a on a.id = d.account_id
                          where d.business_date = current_business_date() and a.account_number = ${q.accountNumber}
                            and d.source = any(${sources}::text[]) and a.currency = ${q.currency}), 0)
                 + ${q.amount}::numeric <= ${accountLimit}::numeric as ok`,
  );
  return r?.ok ?? false;
}
