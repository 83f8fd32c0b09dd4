import { sql } from 'drizzle-orm';
import type { RoleLimit } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { preparedRows } from '../../../db/prepared.ts';
import { entryByReferenceSql } from '../../ledger/index.ts';
import { approvalIdByReferenceSql, limitRowsSql, limitsFromRows, type LimitRow } from '../../roles/index.ts';
import { inOrderAsked, payAccountsSql, type PayAccount, type PayAccountRow } from '../accounts.ts';

export interface TransferPreflight {
  from: PayAccount;
  to: PayAccount;
  /** The approval request this reference made earlier, if any. */
  approvalId: string | null;
  /** The entry this reference posted earlier, if any, with the rate it recorded. */
  entry: { id: string; fx_rate: string | null } | null;
  limits: RoleLimit[];
}

/**
 * What a transfer must know before it decides, read in one statement: both accounts, whether the
 * reference was seen (as a request or an entry) and the maker's limits. Four reads were four round
 * trips, each costing the server more than the read (issue 14's API-versus-direct figure).
 */
export async function transferPreflight(
  db: Database,
  q: { from: string; to: string; reference: string; userId: string; isSuperuser: boolean },
): Promise<TransferPreflight> {
  const limits = q.isSuperuser
    ? sql`'[]'::json`
    : sql`(select coalesce(json_agg(l), '[]') from (${limitRowsSql(q.userId)}) l)`;
  const [row] = await preparedRows<{
    accounts: PayAccountRow[];
    approval_id: string | null;
    entry: TransferPreflight['entry'];
    limits: LimitRow[];
  }>(
    db,
    sql`select (select coalesce(json_agg(a), '[]') from (${payAccountsSql([q.from, q.to])}) a) as accounts,
               ${approvalIdByReferenceSql('transfer', q.reference)} as approval_id,
               ${entryByReferenceSql(q.reference)} as entry,
               ${limits} as limits`,
  );
  const [from, to] = inOrderAsked(row!.accounts, [q.from, q.to]);
  return {
    from: from!,
    to: to!,
    approvalId: row!.approval_id,
    entry: row!.entry,
    limits: limitsFromRows(row!.limits, q.isSuperuser),
  };
}
