import type { Database } from '../../../db/client.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { sqlState } from '../../../lib/db-errors.ts';
import { LedgerError, postEntry, type EntryInput, type PostedEntry } from '../../ledger/index.ts';
import { transferPreflight, type TransferPreflight } from './preflight.ts';

type PreflightQuery = Parameters<typeof transferPreflight>[1];

/**
 * The common transfer in one transaction: the statement that reads the transfer's checks (accounts,
 * reference, limits) also locks both accounts, and the entry is posted on them straight after. That is
 * the round trips of a direct posting (ADR 0032: the API within 1.5× of the repository call).
 *
 * `plan` sees the checks and returns the entry to post, or null when the transfer is not that simple
 * (a replay, an approval, over the limit). Then, and on any refusal, nothing is kept (the transaction
 * rolls back) and the answer is null: the caller takes its full path, which reads everything again
 * and answers, audits and refuses exactly as before. A refusal costs that second reading; an accepted
 * transfer, the common case, is posted here.
 */
export async function postTransferAtOnce(
  db: Database,
  q: PreflightQuery,
  plan: (checks: TransferPreflight, tx: Database) => Promise<EntryInput | null>,
): Promise<PostedEntry | null> {
  try {
    return await db.transaction(async (tx) => {
      const checks = await transferPreflight(tx, q, true);
      const entry = await plan(checks, tx);
      if (!entry) throw NOT_AT_ONCE;
      return postEntry(tx, entry, checks.locked);
    });
  } catch (err) {
    if (err === NOT_AT_ONCE || isRefusal(err)) return null;
    throw err;
  }
}

const NOT_AT_ONCE = new Error('not a transfer for the one-transaction path');

/**
 * A refusal the full path answers itself: the ledger's, an HTTP answer, or the database's (a data or
 * integrity refusal such as the reference taken meanwhile, a trigger's, a deadlock). Not an outage or a
 * timeout: those answer as they are, rather than being waited for twice.
 */
const isRefusal = (err: unknown) =>
  err instanceof LedgerError || err instanceof HttpError || /^(22|23|40|P0)/.test(sqlState(err) ?? '');
