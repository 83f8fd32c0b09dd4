import { sql, type SQL } from 'drizzle-orm';
import type { Currency, JournalSource } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { declareBulkEntry, endBulkEntry } from './bulk-declaration.ts';

/** A customer line the posting trigger refused, and the database's reason. */
export interface RefusedLine {
  accountId: number;
  error: string;
}

export interface PerAccountBulkInput {
  source: JournalSource;
  /** The entry's business date and value date. */
  businessDate: string;
  narration: string;
  reference: string;
  /** Every customer line's description. */
  description: string;
  actor: { id: string | null; email: string | null };
  /** The currency of every line (one entry per currency). */
  currency: Currency;
  /** The customer lines: `(account_id, side, amount)` rows, each account at most once. */
  rows: SQL;
  /**
   * The GL lines as `(gl_code, side, amount)` rows, summed per code and side. Read after
   * `recordRefused` ran, so the caller can leave the refused accounts' amounts out.
   */
  gl: SQL;
  /** Called in the entry's transaction, before `gl` is read, with the lines that were refused. */
  recordRefused: (tx: Database, refused: RefusedLine[]) => Promise<unknown>;
}

export interface PostedPerAccount {
  /** Null when no line posted: then no entry exists. */
  entryId: number | null;
  posted: number;
  refused: RefusedLine[];
}

class NothingPosted extends Error {}

/**
 * One entry for many accounts where one account's refusal must not hold back the others (end of
 * day's interest, fees and maturities). The customer lines go in one INSERT … SELECT, declared as the
 * transaction's bulk entry so the posting trigger checks and applies them per statement
 * (transactions_post_bulk: every refusal of the row trigger, the running balance, the order, the
 * available balance and the limits). A refused account is found by halving the batch in savepoints
 * and handed to `recordRefused`; the rest post, then the GL lines summed from what posted, then the
 * entry's balance is checked. Runs in the caller's transaction, which owns the audit row.
 */
export async function postPerAccount(tx: Database, p: PerAccountBulkInput): Promise<PostedPerAccount> {
  const refused: RefusedLine[] = [];
  const [first] = await queryRows<{ n: number }>(tx, sql`select 1 as n from (${p.rows}) r limit 1`);
  if (!first) return { entryId: null, posted: 0, refused };
  let entryId: number | null = null;
  let posted = 0;
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(sql`set constraints journal_entries_balanced deferred`);
      const [e] = await queryRows<{ id: string }>(
        sp,
        sql`insert into journal_entries (business_date, value_date, narration, source, maker_id, maker_email, reference)
            values (${p.businessDate}::date, ${p.businessDate}::date, ${p.narration}, ${p.source},
                    ${p.actor.id}::uuid, ${p.actor.email}, ${p.reference})
            returning id::text`,
      );
      entryId = Number(e!.id);
      await declareBulkEntry(sp, entryId);
      await insertLines(sp, entryId, p, refused);
      await endBulkEntry(sp);
      const [n] = await queryRows<{ n: number }>(
        sp,
        sql`select count(*)::int as n from transactions where entry_id = ${entryId}`,
      );
      posted = n!.n;
      if (posted === 0) throw new NothingPosted();
      if (refused.length > 0) await p.recordRefused(sp, refused);
      await sp.execute(
        sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
            select ${entryId}, g.gl_code, ${p.currency}, g.side, sum(g.amount)
              from (${p.gl}) as g(gl_code, side, amount)
             group by g.gl_code, g.side having sum(g.amount) > 0
             order by g.side desc, g.gl_code`,
      );
      await sp.execute(sql`set constraints journal_entries_balanced immediate`);
      await sp.execute(sql`set constraints journal_entries_balanced deferred`);
    });
  } catch (err) {
    if (!(err instanceof NothingPosted)) throw err;
    await endBulkEntry(tx);
    return { entryId: null, posted: 0, refused };
  }
  return { entryId, posted, refused };
}

/**
 * The customer lines, all in one statement; on a refusal, the accounts are read and halved in
 * savepoints until the refused ones are alone. (They are read only then: nearly every batch posts
 * whole, and naming 20,000 ids in the statement cost a read of the rows and a filter on each line.)
 */
async function insertLines(tx: Database, entryId: number, p: PerAccountBulkInput, refused: RefusedLine[]) {
  const attempt = (part: number[] | null) =>
    tx.transaction((sp) =>
      sp.execute(sql`
        insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
        -- (select …): the business date once for the statement, not a function call per line
        select a.id, clock_timestamp(), (select current_business_date()),
               ${p.description}, r.amount, r.side,
               a.balance + case r.side when 'credit' then r.amount else -r.amount end, ${p.reference}, ${entryId}
          from (${p.rows}) r join accounts a on a.id = r.account_id
         ${part ? sql`where r.account_id = any(${`{${part.join(',')}}`}::bigint[])` : sql``}
         order by a.id`),
    );
  const go = async (part: number[]): Promise<void> => {
    try {
      await attempt(part);
    } catch (err) {
      if (part.length === 1) {
        refused.push({ accountId: part[0]!, error: messageOf(err) });
        return;
      }
      await halves(part);
    }
  };
  const halves = async (part: number[]) => {
    const mid = Math.ceil(part.length / 2);
    await go(part.slice(0, mid));
    await go(part.slice(mid));
  };
  try {
    await attempt(null);
  } catch (err) {
    const ids = (
      await queryRows<{ id: string }>(
        tx,
        sql`select r.account_id::text as id from (${p.rows}) r order by r.account_id`,
      )
    ).map((r) => Number(r.id));
    if (ids.length === 1) refused.push({ accountId: ids[0]!, error: messageOf(err) });
    else await halves(ids);
  }
}

const messageOf = (err: unknown): string => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string' && !/^Failed query/.test(m)) return m.slice(0, 500);
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return String(err).slice(0, 500);
};
