import { sql } from 'drizzle-orm';
import type { RoleLimit } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { preparedRows } from '../../../db/prepared.ts';
import { approvalIdByReferenceSql } from '../../approvals/index.ts';
import {
  dailyTotalsSql,
  limitRowsSql,
  limitsFromRows,
  type DailyTotals,
  type LimitRow,
} from '../../roles/index.ts';
import { entryByReferenceSql, type LockedAccount } from '../../ledger/index.ts';
import { inOrderAsked, payAccountsSql, type PayAccount, type PayAccountRow } from '../accounts.ts';

/** payAccountsSql plus what the ledger reads with its lock, locked in id order (as postEntry locks). */
const lockedPayAccountsSql = (numbers: string[]) =>
  sql`select p.*, a.block_kind, a.ledger_code, g.name as gl_name
      from (${payAccountsSql(numbers)}) p join accounts a on a.id = p.id join gl_accounts g on g.code = a.ledger_code
      order by a.id for no key update of a`;

const lockedAccount = (r: PayAccountRow & Partial<LockedAccount>): LockedAccount => ({
  id: Number(r.id),
  account_number: r.number,
  status: r.status,
  block_kind: r.block_kind ?? null,
  currency: r.currency,
  ledger_code: r.ledger_code,
  gl_name: r.gl_name,
});

export interface TransferPreflight {
  from: PayAccount;
  to: PayAccount;
  /** With `lock`: both accounts as the ledger posts on them, locked for this transaction. */
  locked: LockedAccount[];
  /** The approval request this reference made earlier, if any. */
  approvalId: string | null;
  /** The entry this reference posted earlier, if any, with the rate it recorded. */
  entry: { id: string; fx_rate: string | null } | null;
  limits: RoleLimit[];
  /** With `daily`: the business day's transfer totals of the maker and of the paying account. */
  dailyTotals: DailyTotals | null;
}

/**
 * What a transfer must know before it decides, read in one statement: both accounts, whether the
 * reference was seen (as a request or an entry) and the maker's limits. Four reads were four round
 * trips, each costing the server more than the read (ADR 0032's API-versus-direct figure).
 */
export async function transferPreflight(
  db: Database,
  q: { from: string; to: string; reference: string; userId: string },
  /** Lock both accounts (in a transaction that then posts on them: postEntry's alreadyLocked). */
  lock = false,
  /** Read the day's transfer totals too (of the paying account's currency). */
  daily = false,
): Promise<TransferPreflight> {
  const limits = sql`(select coalesce(json_agg(l), '[]') from (${limitRowsSql(q.userId)}) l)`;
  const accounts = lock ? lockedPayAccountsSql([q.from, q.to]) : payAccountsSql([q.from, q.to]);
  const [row] = await preparedRows<{
    accounts: (PayAccountRow & Partial<LockedAccount>)[];
    approval_id: string | null;
    entry: TransferPreflight['entry'];
    limits: LimitRow[];
    daily_totals: DailyTotals | null;
  }>(
    db,
    sql`select (select coalesce(json_agg(a), '[]') from (${accounts}) a) as accounts,
               ${approvalIdByReferenceSql('transfer', q.reference)} as approval_id,
               ${entryByReferenceSql(q.reference)} as entry,
               ${limits} as limits,
               ${daily ? dailyTotalsSql({ makerId: q.userId, kind: 'maxTransfer', currency: sql`(select currency from accounts where account_number = ${q.from})`, accountNumber: q.from }) : sql`null::json`} as daily_totals`,
  );
  const [from, to] = inOrderAsked(row!.accounts, [q.from, q.to]);
  return {
    from: from!,
    to: to!,
    locked: lock ? row!.accounts.map(lockedAccount) : [],
    approvalId: row!.approval_id,
    entry: row!.entry,
    limits: limitsFromRows(row!.limits),
    dailyTotals: row!.daily_totals,
  };
}
