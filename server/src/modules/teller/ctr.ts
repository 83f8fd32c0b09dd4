import { sql, type SQL } from 'drizzle-orm';
import type { CtrFlag, CtrFlagQuery } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PageWindow } from '../../lib/paging.ts';

/** The most rows one CSV or PDF export of the CTR list carries (narrow the dates for more). */
export const CTR_EXPORT_MAX_ROWS = 50_000;

const COLUMNS = sql`t.id::text as id, t.business_date::text as "businessDate", t.posted_at as "postedAt",
  t.branch_code as branch, t.kind, t.account_number as "accountNumber", t.account_name as "accountName", t.currency,
  t.amount::text as amount, t.party_name as "partyName", t.party_id_number as "partyIdNumber",
  t.teller_email as "tellerEmail", t.entry_id::text as "entryId", e.reference`;

/** Flagged, posted cash transactions (the partial index teller_transactions_ctr_idx holds exactly these). */
function where(q: CtrFlagQuery & { branch: string | undefined }): SQL {
  const w: SQL[] = [sql`t.ctr_flag`, sql`t.status = 'posted'`];
  if (q.branch) w.push(sql`t.branch_code = ${q.branch}`);
  if (q.from) w.push(sql`t.business_date >= ${q.from}::date`);
  if (q.to) w.push(sql`t.business_date <= ${q.to}::date`);
  return sql.join(w, sql` and `);
}

/** A page of the list (or, with `window` undefined, every row of the filter for an export), newest first. */
export async function ctrFlags(
  db: Database,
  q: CtrFlagQuery & { branch: string | undefined },
  window: PageWindow | undefined,
): Promise<{ rows: CtrFlag[]; total: number }> {
  const [n] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from teller_transactions t where ${where(q)}`,
  );
  const total = Number(n!.n);
  const limit = window
    ? sql`limit ${window.limit} offset ${window.offset}`
    : sql`limit ${CTR_EXPORT_MAX_ROWS}`;
  if (!window && total > CTR_EXPORT_MAX_ROWS) return { rows: [], total };
  const rows = await queryRows<CtrFlag & { postedAt: string | Date }>(
    db,
    sql`select ${COLUMNS} from teller_transactions t join journal_entries e on e.id = t.entry_id
        where ${where(q)} order by t.business_date desc, t.id desc ${limit}`,
  );
  return { rows: rows.map((r) => ({ ...r, postedAt: new Date(r.postedAt).toISOString() })), total };
}
