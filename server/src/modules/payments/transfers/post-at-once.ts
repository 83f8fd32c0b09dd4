import type { Database } from '../../../db/client.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { sqlState } from '../../../lib/db-errors.ts';
import { LedgerError, OverDayCap, postEntry, type EntryInput, type PostedEntry } from '../../ledger/index.ts';
import { transferPreflight, type TransferPreflight } from './preflight.ts';

type PreflightQuery = Parameters<typeof transferPreflight>[1];

/**
 * The common transfer in two round trips: one statement reads the transfer's checks (accounts,
 * reference, limits, the day's totals), and one call of the ledger locks both accounts and posts
 * (ADR 0043). The paying account's daily total, read without the lock, is read again under it (the
 * entry's accountDayCap): over it, nothing is posted.
 *
 * `plan` sees the checks and returns the entry to post, or null when the transfer is not that simple
 * (a replay, an approval, over a limit). Then, and on any refusal, nothing is kept and the answer is
 * null: the caller takes its full path, which reads everything again and answers, audits and refuses
 * exactly as before. A refusal costs that second reading; an accepted transfer, the common case, is
 * posted here.
 */
export async function postTransferAtOnce(
  db: Database,
  q: PreflightQuery,
  plan: (checks: TransferPreflight, db: Database) => Promise<EntryInput | null>,
): Promise<PostedEntry | null> {
  try {
    const checks = await transferPreflight(db, q, false, true);
    const entry = await plan(checks, db);
    if (!entry) return null;
    return await postEntry(db, entry);
  } catch (err) {
    if (isRefusal(err)) return null;
    throw err;
  }
}

/**
 * A refusal the full path answers itself: the ledger's, an HTTP answer, or the database's (a data or
 * integrity refusal such as the reference taken meanwhile, a trigger's, a deadlock). Not an outage or a
 * timeout: those answer as they are, rather than being waited for twice.
 */
const isRefusal = (err: unknown) =>
  err instanceof LedgerError ||
  err instanceof OverDayCap ||
  err instanceof HttpError ||
  /^(22|23|40|P0)/.test(sqlState(err) ?? '');
