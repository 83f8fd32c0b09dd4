import { sql } from 'drizzle-orm';
import { POSTING_TEXT } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { LedgerError } from './ledger-error.ts';
import { fromCents, toCents } from './money.ts';
import { postEntry, type EntryInput, type EntryLine, type PostedEntry } from './post-entry.ts';

export const ENTRY_REFERENCE_CONSTRAINT = 'journal_entries_reference_unique';

export interface PostOnceResult {
  entryId: number;
  /** The entry as posted now; null when the reference named an earlier entry (replayed). */
  posted: PostedEntry | null;
  replayed: boolean;
}

/** A line as a comparable string: which account, which side, how much. */
const lineKey = (l: EntryLine) =>
  'accountId' in l
    ? `a:${l.accountId}:${l.side}:${fromCents(toCents(l.amount))}`
    : `g:${l.glCode}:${l.currency}:${l.side}:${fromCents(toCents(l.amount))}`;

async function existingEntry(db: Database, reference: string) {
  const rows = await preparedRows<{
    id: string;
    source: string;
    kind: string;
    gl_code: string;
    account_id: string | null;
    currency: string;
    side: string;
    amount: string;
  }>(
    db,
    sql`select e.id, e.source, l.kind, l.gl_code, l.account_id, l.currency, l.side, l.amount::text as amount
        from journal_entries e left join journal_lines l on l.entry_id = e.id where e.reference = ${reference}`,
  );
  if (rows.length === 0) return null;
  const keys = rows.map((r) =>
    r.kind === 'customer'
      ? `a:${r.account_id}:${r.side}:${r.amount}`
      : `g:${r.gl_code}:${r.currency}:${r.side}:${r.amount}`,
  );
  return { id: Number(rows[0]!.id), source: rows[0]!.source, keys: keys.sort() };
}

/**
 * Posts at most once per reference. A client that lost the answer sends the same request again and
 * gets the first entry back (replayed). Posting is tried first, since almost every request is new:
 * the unique index on the reference refuses a copy, its transaction rolls back whole, and only then
 * is the earlier entry read (one round trip less on every fresh posting). A refusal (a closed
 * account, no funds) also looks for an earlier entry first: the replay of a request that was posted
 * answers with its entry whatever happened to the accounts since. The same reference with other
 * lines is a reference_conflict.
 */
export async function postEntryOnce(
  db: Database,
  input: EntryInput & { reference: string },
): Promise<PostOnceResult> {
  const wanted = input.lines.map(lineKey).sort();
  // Three rounds: a racing copy that later rolled back frees the reference, so we may post after all.
  for (let round = 0; round < 3; round++) {
    let refused: unknown;
    try {
      const posted = await postEntry(db, input);
      return { entryId: posted.id, posted, replayed: false };
    } catch (err) {
      if (!(err instanceof LedgerError) && violatedConstraint(err) !== ENTRY_REFERENCE_CONSTRAINT) throw err;
      refused = err;
    }
    const existing = await existingEntry(db, input.reference);
    if (existing) {
      const same = existing.source === input.source && existing.keys.join('|') === wanted.join('|');
      if (!same) throw new LedgerError('reference_conflict', POSTING_TEXT.referenceConflict(input.reference));
      return { entryId: existing.id, posted: null, replayed: true };
    }
    if (refused instanceof LedgerError) throw refused;
  }
  throw new Error(`reference ${input.reference} kept colliding without an entry to return`);
}
