import { PgTransaction } from 'drizzle-orm/pg-core';
import { postingAmountSchema, type TransferRequest } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { auditKeyPads } from '../../db/audit-key.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { LedgerError } from './ledger-error.ts';
import { ENTRY_REFERENCE_CONSTRAINT, postEntryOnce, type PostOnceResult } from './post-entry-once.ts';
import {
  asLedgerError,
  isRetryable,
  oneCallArgument,
  postedFromAnswer,
  type EntryInput,
  type OneCallAnswer,
  type PostedEntry,
} from './post-entry.ts';
import { transferEntry, transferEntryWithout } from './transfer.ts';

/**
 * A transfer posted at most once per reference: transferEntry + postEntryOnce, with the same
 * answers, refusals and rows. A transfer without a rate is tried first in one round trip
 * (ledger_post_transfer, migration 0128: the posting resolves the account numbers itself) instead of
 * two (the pair's read, then the posting). Anything else, and every refusal, replay or retry of that
 * try (which wrote nothing), takes the full path, which reads the pair and answers as it always did.
 */
export async function postTransferOnce(
  db: Database,
  req: TransferRequest,
  actor: EntryInput['actor'],
  /** More for the audit row (as transferEntry's). */
  auditDetails: Record<string, unknown> = {},
): Promise<PostOnceResult> {
  if (!req.rate && postingAmountSchema.safeParse(req.amount).success) {
    const posted = await postInOneRoundTrip(db, req, actor, auditDetails);
    if (posted) return { entryId: posted.id, posted, replayed: false };
  }
  return postEntryOnce(db, await transferEntry(db, req, actor, auditDetails));
}

/** The transfer as one call, or null when the full path must answer (nothing was written). */
async function postInOneRoundTrip(
  db: Database,
  req: TransferRequest,
  actor: EntryInput['actor'],
  auditDetails: Record<string, unknown>,
): Promise<PostedEntry | null> {
  const base = transferEntryWithout(req, actor, auditDetails);
  const arg = {
    ...oneCallArgument({ ...base, lines: [] }, true),
    from_account: req.from_account,
    to_account: req.to_account,
    amount: req.amount,
  };
  const call = async (tx: Database) =>
    (await postTransferCall(tx, [JSON.stringify(arg), auditKeyPads()]))[0]!.r;
  let r: OneCallAnswer;
  try {
    // Inside a caller's transaction, in a savepoint, as postEntry does.
    const inTransaction: boolean = db instanceof PgTransaction;
    r = inTransaction ? await db.transaction((tx) => call(tx)) : await call(db);
  } catch (err) {
    const refused =
      asLedgerError(err) instanceof LedgerError ||
      violatedConstraint(err) === ENTRY_REFERENCE_CONSTRAINT ||
      isRetryable(err);
    if (refused) return null;
    throw err;
  }
  if (r.refused || r.over_day_cap) return null;
  const id = (number: string) => Number(r.accounts.find((a) => a.account_number === number)!.id);
  return postedFromAnswer(
    db,
    {
      ...base,
      lines: [
        { accountId: id(req.from_account), side: 'debit', amount: req.amount },
        { accountId: id(req.to_account), side: 'credit', amount: req.amount },
      ],
    },
    r,
  );
}

const postTransferCall = preparedStatement<{ r: OneCallAnswer }>(
  'select ledger_post_transfer($1::jsonb, $2) as r',
);
