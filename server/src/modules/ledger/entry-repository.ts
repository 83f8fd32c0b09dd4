import { sql, type SQL } from 'drizzle-orm';
import type {
  JournalEntry,
  JournalEntrySummary,
  JournalListQuery,
  JournalSource,
  Page,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { preparedRows } from '../../db/prepared.ts';
import { pageWindow } from '../../lib/paging.ts';

interface EntryRow extends Record<string, unknown> {
  id: string;
  business_date: string;
  value_date: string;
  narration: string;
  source: JournalSource;
  reference: string;
  maker_id: string | null;
  maker_email: string | null;
  reversal_of: string | null;
  reversed_by: string | null;
  fx_rate: string | null;
  posted_at: string | Date;
}

const entryColumns = sql`e.id::text as id, e.business_date::text as business_date, e.value_date::text as value_date,
  e.narration, e.source, e.reference, e.maker_id::text as maker_id, e.maker_email, e.reversal_of::text as reversal_of,
  (select r.id::text from journal_entries r where r.reversal_of = e.id) as reversed_by,
  e.fx_rate::text as fx_rate, e.posted_at`;

const toSummary = (r: EntryRow) => ({
  id: r.id,
  business_date: r.business_date,
  value_date: r.value_date,
  narration: r.narration,
  source: r.source,
  reference: r.reference,
  maker_id: r.maker_id,
  maker_email: r.maker_email,
  reversal_of: r.reversal_of,
  reversed_by: r.reversed_by,
  fx_rate: r.fx_rate,
  posted_at: new Date(r.posted_at).toISOString(),
});

/** One entry with its lines (customer lines show their account number and control account). */
export async function getEntry(db: Database, id: number): Promise<JournalEntry | null> {
  // One round trip: every posting route answers with this, right after its commit.
  const [e] = await preparedRows<EntryRow & { lines: JournalEntry['lines'] }>(
    db,
    sql`select ${entryColumns},
          (select coalesce(json_agg(json_build_object(
                    'id', l.id::text, 'kind', l.kind, 'gl_code', l.gl_code, 'gl_name', g.name,
                    'account_number', a.account_number, 'currency', l.currency, 'side', l.side,
                    'amount', l.amount::text) order by l.id), '[]')
             from journal_lines l join gl_accounts g on g.code = l.gl_code left join accounts a on a.id = l.account_id
            where l.entry_id = e.id) as lines
        from journal_entries e where e.id = ${id}`,
  );
  return e ? { ...toSummary(e), lines: e.lines } : null;
}

/** The reference's entry as `{ id, fx_rate }` JSON (or null), a scalar subquery a route can fold in. */
export const entryByReferenceSql = (reference: string): SQL =>
  sql`(select json_build_object('id', id::text, 'fx_rate', fx_rate::text) from journal_entries where reference = ${reference})`;

/** The reference's entry id, if any. */
export async function entryIdByReference(db: Database, reference: string): Promise<number | null> {
  const [r] = await queryRows<{ id: string }>(
    db,
    sql`select id from journal_entries where reference = ${reference}`,
  );
  return r ? Number(r.id) : null;
}

/**
 * The branches an entry's lines sit in: customer accounts' branches and branch GL accounts' (teller
 * cash, vault). Bank-wide GL accounts have none.
 */
const lineBranchesSql = (entry: SQL) =>
  sql`select a.branch_code from transactions t join accounts a on a.id = t.account_id where t.entry_id = ${entry}
      union select g.branch_code from gl_lines l join gl_accounts g on g.code = l.gl_code
            where l.entry_id = ${entry} and g.branch_code is not null`;

/** The branches of entry `id`'s lines (none for an entry on bank-wide GL accounts only). */
export async function entryBranches(db: Database, id: number): Promise<string[]> {
  const rows = await queryRows<{ branch_code: string }>(db, lineBranchesSql(sql`${id}`));
  return rows.map((r) => r.branch_code);
}

/** The branch of a customer account (by number) or of a branch GL account (by code); null for neither. */
export async function branchOfAccountOrGl(db: Database, account: string): Promise<string | null> {
  const [r] = await queryRows<{ branch_code: string }>(
    db,
    sql`select branch_code from accounts where account_number = ${account}
        union all select branch_code from gl_accounts where code = ${account} and branch_code is not null
        limit 1`,
  );
  return r?.branch_code ?? null;
}

/**
 * A page of entries, newest first, filtered in the database (every filter has an index to use).
 * `branch`: only entries with no line in another branch (a caller without `branches.all`).
 */
export async function listEntries(
  db: Database,
  q: JournalListQuery,
  branch?: string,
): Promise<Page<JournalEntrySummary>> {
  const where: SQL[] = [];
  if (branch !== undefined) {
    // Two anti-joins on the entry's lines (both indexed by entry): no line in another branch.
    where.push(sql`not exists (select 1 from transactions t join accounts a on a.id = t.account_id
                               where t.entry_id = e.id and a.branch_code <> ${branch})`);
    where.push(sql`not exists (select 1 from gl_lines l join gl_accounts g on g.code = l.gl_code
                               where l.entry_id = e.id and g.branch_code <> ${branch})`);
  }
  if (q.from) where.push(sql`e.business_date >= ${q.from}::date`);
  if (q.to) where.push(sql`e.business_date <= ${q.to}::date`);
  if (q.source) where.push(sql`e.source = ${q.source}`);
  if (q.maker) where.push(sql`e.maker_email = ${q.maker}`);
  if (q.reference) where.push(sql`e.reference = ${q.reference}`);
  if (q.account) {
    where.push(sql`(exists (select 1 from gl_lines g where g.entry_id = e.id and g.gl_code = ${q.account})
      or exists (select 1 from transactions t join accounts a on a.id = t.account_id
                 where t.entry_id = e.id and a.account_number = ${q.account}))`);
  }
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { offset, limit } = pageWindow(q, 25);
  const rows = await queryRows<EntryRow & { totals: { currency: 'SLE' | 'USD'; amount: string }[] }>(
    db,
    sql`select ${entryColumns},
          coalesce((select json_agg(json_build_object('currency', s.currency, 'amount', s.amount::numeric(18,2)::text) order by s.currency)
                    from (select l.currency, sum(l.amount) as amount from journal_lines l
                          where l.entry_id = e.id and l.side = 'debit' group by l.currency) s), '[]'::json) as totals
        from journal_entries e ${cond} order by e.id desc limit ${limit} offset ${offset}`,
  );
  const [n] = await queryRows<{ n: string }>(db, sql`select count(*) as n from journal_entries e ${cond}`);
  return {
    rows: rows.map((r) => ({ ...toSummary(r), totals: r.totals })),
    total: Number(n!.n),
  };
}
