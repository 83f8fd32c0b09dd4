import { sql, type SQL } from 'drizzle-orm';
import {
  DAILY_LIMITS,
  toCents,
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
  if (!dailyLimitsOf(limits, q.kind, q.currency)) return false;
  const [r] = await preparedRows<{ t: DailyTotals }>(db, sql`select ${dailyTotalsSql(q)} as t`);
  return withinDailyTotals(limits, q, r!.t);
}

/** The business day's debit totals a kind's daily limits are measured against, as decimal strings. */
export interface DailyTotals {
  maker: string;
  account: string;
}

/**
 * The day's totals of the maker and of the account, as one SQL expression (json `{ maker, account }`)
 * for a caller to fold into its own statement. They are the totals kept while lines post (the
 * account's row, the maker's stripes: ADR 0040), not the day's lines.
 */
export function dailyTotalsSql(q: Omit<DailyQuestion, 'amount' | 'currency'> & { currency: string | SQL }) {
  const sources = pgArray(SOURCES[q.kind]);
  // A statement that reads the account's currency itself passes it as an expression.
  const currency = typeof q.currency === 'string' ? sql`${q.currency}` : q.currency;
  return sql`json_build_object(
    'maker', coalesce((select sum(m.total) from maker_daily_debits m
                        where m.business_date = current_business_date() and m.maker_id = ${q.makerId}::uuid
                          and m.source = any(${sources}::text[]) and m.currency = ${currency}), 0)::text,
    'account', coalesce((select sum(d.total) from account_daily_debits d join accounts a on a.id = d.account_id
                          where d.business_date = current_business_date() and a.account_number = ${q.accountNumber}
                            and d.source = any(${sources}::text[]) and a.currency = ${currency}), 0)::text)`;
}

/** The maker's and the account's daily limits of a kind in a currency; null when either is missing. */
function dailyLimitsOf(limits: RoleLimit[], kind: PerTransactionLimitKind, currency: string) {
  const kinds = DAILY_LIMITS[kind];
  const row = limits.find((l) => l.currency === currency);
  const maker = row?.[kinds.maker] ?? null;
  const account = row?.[kinds.account] ?? null;
  return maker === null || account === null ? null : { maker, account };
}

/** withinDailyLimits on totals the caller has read already (dailyTotalsSql in its own statement). */
export function withinDailyTotals(limits: RoleLimit[], q: DailyQuestion, totals: DailyTotals): boolean {
  const l = dailyLimitsOf(limits, q.kind, q.currency);
  if (!l) return false;
  const amount = toCents(q.amount);
  return (
    toCents(totals.maker) + amount <= toCents(l.maker) &&
    toCents(totals.account) + amount <= toCents(l.account)
  );
}

/**
 * The account's daily limit of a kind as a posting's day cap (the ledger's accountDayCap): the
 * ledger re-reads the account's total under its lock, so two postings on one account at once cannot
 * both pass a limit that each passed when its checks were read.
 */
export function accountDayCap(
  limits: RoleLimit[],
  kind: PerTransactionLimitKind,
  currency: string,
): { sources: JournalSource[]; limit: string } | null {
  const l = dailyLimitsOf(limits, kind, currency);
  return l ? { sources: SOURCES[kind], limit: l.account } : null;
}
