import { sql, type SQL } from 'drizzle-orm';
import type { Currency, Side } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { declareBulkEntry, endBulkEntry } from './bulk-declaration.ts';
import { LedgerError } from './ledger-error.ts';
import { fromCents, toCents } from './money.ts';
import {
  asLedgerError,
  auditEntry,
  checkGlLines,
  insertAccountLine,
  insertEntryRow,
  isRetryable,
  type EntryInput,
  type LockedAccount,
} from './post-entry.ts';

/** Accounts per INSERT statement of a bulk entry. */
const BULK_CHUNK = 2_000;

export interface BulkEntryInput extends EntryInput {
  reference: string;
  /**
   * Many customer-account lines on one side, as a query with the columns `account_id`, `amount` and
   * `description` (null: the narration). Each account at most once, none of them in `lines`.
   */
  bulk: { side: Side; rows: SQL };
}

export interface PostedBulkEntry {
  id: number;
  reference: string;
  businessDate: string;
  bulkLines: number;
}

/**
 * One balanced entry whose customer lines come from a query, in one INSERT … SELECT per chunk (a
 * 10,000-line salary batch; ADR "set-based salary posting"). The database's guards are the same as
 * for postEntry: the posting trigger's checks (lifecycle, blocks, posting order, running balance,
 * available balance; the limits' check constraint), made set-based by transactions_post_bulk; the
 * entry's balance per currency; the business date; append-only. Locks every account first in id
 * order (no deadlock with postEntry), inserts in postEntry's order, one audit row. Any refusal
 * refuses the whole entry.
 */
export async function postAllOrNothing(db: Database, input: BulkEntryInput): Promise<PostedBulkEntry> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnceTried(db, input);
    } catch (err) {
      if (attempt >= 5 || !isRetryable(err)) throw asLedgerError(err);
    }
  }
}

async function postOnceTried(db: Database, input: BulkEntryInput): Promise<PostedBulkEntry> {
  const rows = input.bulk.rows;
  return db.transaction(async (tx) => {
    const fixedIds = input.lines.flatMap((l) => ('accountId' in l ? [l.accountId] : []));
    const fixed = fixedIds.length
      ? sql`union select unnest(array[${sql.join(
          fixedIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::bigint[])`
      : sql``;
    const locked = await queryRows<LockedAccount>(
      tx,
      sql`select id, account_number, status, block_kind, currency from accounts
          where id in (select r.account_id from (${rows}) r ${fixed}) order by id for no key update`,
    );
    const byId = new Map(locked.map((a) => [Number(a.id), a]));
    await checkGlLines(tx, input.lines);
    const [shape] = await queryRows<{ n: string; accounts: string; missing: string; overlap: string }>(
      tx,
      sql`select count(*) as n, count(distinct r.account_id) as accounts,
                 count(*) filter (where a.id is null) as missing,
                 count(*) filter (where r.account_id = any(${`{${fixedIds.join(',')}}`}::bigint[])) as overlap
          from (${rows}) r left join accounts a on a.id = r.account_id`,
    );
    if (shape!.n !== shape!.accounts || Number(shape!.overlap) > 0)
      throw new Error('postBulkEntry: each bulk account must appear once, and not among the named lines');
    if (Number(shape!.missing) > 0) throw new LedgerError('account_not_found', 'A line names no account');
    // The balance per currency, checked here for a clear message (the database checks it again).
    const net = new Map<string, bigint>();
    const add = (c: string, side: Side, cents: bigint) =>
      net.set(c, (net.get(c) ?? 0n) + (side === 'debit' ? cents : -cents));
    for (const l of input.lines)
      add('accountId' in l ? byId.get(l.accountId)!.currency : l.currency, l.side, toCents(l.amount));
    const totals = await queryRows<{ currency: Currency; total: string }>(
      tx,
      sql`select a.currency, sum(r.amount)::numeric(18,2)::text as total
          from (${rows}) r join accounts a on a.id = r.account_id group by a.currency`,
    );
    for (const t of totals) add(t.currency, input.bulk.side, toCents(t.total));
    const off = [...net].filter(([, v]) => v !== 0n);
    if (off.length > 0)
      throw new LedgerError(
        'unbalanced',
        `The entry does not balance: ${off.map(([c, v]) => `debits - credits = ${fromCents(v)} ${c}`).join(', ')}`,
      );

    const entry = await insertEntryRow(tx, input);
    for (const l of input.lines) {
      if ('accountId' in l) {
        await insertAccountLine(tx, entry.id, entry.reference, input, l, byId.get(l.accountId)!);
      } else {
        await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
          values (${entry.id}, ${l.glCode}, ${l.currency}, ${l.side}, ${l.amount}::numeric(18,2))`);
      }
    }
    const signed = input.bulk.side === 'credit' ? sql`r.amount` : sql`-r.amount`;
    // INSERT … SELECT in chunks of BULK_CHUNK accounts (one statement each stays well inside the
    // driver's query timeout); all in this transaction, so the entry is still all or nothing. Named
    // by ledger.bulk_entry, the rows are checked and applied by the statement-level trigger
    // transactions_post_bulk (the row trigger's checks, set-based). posted_at as in postEntry: after
    // the account's latest posting. Order as postEntry's (stats slot, currency, id).
    await declareBulkEntry(tx, entry.id);
    const bulkIds = locked.map((a) => Number(a.id)).filter((id) => !fixedIds.includes(id));
    let bulkLines = 0;
    for (let i = 0; i < bulkIds.length; i += BULK_CHUNK) {
      const chunk = `{${bulkIds.slice(i, i + BULK_CHUNK).join(',')}}`;
      const inserted = await queryRows<{ n: string }>(
        tx,
        sql`with ins as (
              insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
              select a.id, greatest(clock_timestamp(), (select max(t.posted_at) from transactions t where t.account_id = a.id)),
                     coalesce(${input.valueDate ?? null}::date, (select current_business_date())),
                     coalesce(r.description, ${input.narration}), r.amount::numeric(18,2), ${input.bulk.side},
                     a.balance + ${signed}, ${entry.reference}, ${entry.id}
              from (${rows}) r join accounts a on a.id = r.account_id
              where r.account_id = any(${chunk}::bigint[])
              order by banking_stats_slot(a.id), a.currency, a.id
              returning 1)
            select count(*)::text as n from ins`,
      );
      bulkLines += Number(inserted[0]!.n);
    }
    await endBulkEntry(tx);
    // Checks the entry now, then defers the check again: a later posting in the same transaction (a
    // salary batch's check-off repayments) inserts its header before its lines, as every posting does.
    await tx.execute(sql`set constraints journal_entries_balanced immediate`);
    await tx.execute(sql`set constraints journal_entries_balanced deferred`);
    await auditEntry(tx, input, entry, { bulk: { side: input.bulk.side, count: bulkLines, totals } });
    return { id: entry.id, reference: entry.reference, businessDate: entry.businessDate, bulkLines };
  });
}
