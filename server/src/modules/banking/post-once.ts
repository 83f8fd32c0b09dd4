import { sql } from 'drizzle-orm';
import { POSTING_TEXT } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import {
  normaliseAmount,
  postTransaction,
  PostingError,
  type Posting,
  type PostingInput,
} from './post-transaction.ts';

/** The unique constraint that makes a reference an idempotency key (migration 0014). */
export const REFERENCE_CONSTRAINT = 'transactions_reference_unique';

export interface PostOnceResult {
  posting: Posting;
  /** True when `reference` named an earlier posting, which is returned instead of posting again. */
  replayed: boolean;
}

/** The posting that carries this reference, if any. */
export async function findPostingByReference(db: Database, reference: string): Promise<Posting | null> {
  const [r] = await queryRows<{
    id: string | number;
    account_id: string | number;
    account_number: string;
    direction: Posting['direction'];
    amount: string;
    balance_before: string;
    balance_after: string;
    posted_at: string | Date;
    value_date: string;
    reference: string;
  }>(
    db,
    sql`select t.id, t.account_id, a.account_number, t.direction, t.amount::text as amount,
               (t.balance_after - case t.direction when 'credit' then t.amount else -t.amount end)::text as balance_before,
               t.balance_after::text as balance_after, t.posted_at, t.value_date::text as value_date, t.reference
        from transactions t join accounts a on a.id = t.account_id
        where t.reference = ${reference}`,
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    accountNumber: r.account_number,
    direction: r.direction,
    amount: r.amount,
    balanceBefore: r.balance_before,
    balanceAfter: r.balance_after,
    postedAt: new Date(r.posted_at),
    valueDate: r.value_date,
    reference: r.reference,
  };
}

/** The earlier posting if it is the same request; a reference_conflict if the reference means another. */
function replayOf(existing: Posting, input: PostingInput & { reference: string }): PostOnceResult {
  const same =
    existing.accountId === input.accountId &&
    existing.direction === input.direction &&
    existing.amount === normaliseAmount(input.amount);
  if (!same) throw new PostingError('reference_conflict', POSTING_TEXT.referenceConflict(input.reference));
  return { posting: existing, replayed: true };
}

/**
 * Posts at most once per reference. A client that lost the answer (timeout, crash, lost connection)
 * sends the same request again and gets the first posting back. Two copies racing past the lookup
 * (two servers, two tabs) meet at the unique index: the loser's transaction rolls back whole and it
 * returns the winner's posting. Content that differs from the first posting is a reference_conflict.
 */
export async function postOnce(
  db: Database,
  input: PostingInput & { reference: string },
): Promise<PostOnceResult> {
  // Three rounds: a racing copy that later rolled back frees the reference, so we may post after all.
  for (let round = 0; round < 3; round++) {
    const existing = await findPostingByReference(db, input.reference);
    if (existing) return replayOf(existing, input);
    try {
      return { posting: await postTransaction(db, input), replayed: false };
    } catch (err) {
      if (violatedConstraint(err) !== REFERENCE_CONSTRAINT) throw err;
    }
  }
  throw new Error(`reference ${input.reference} kept colliding without a posting to return`);
}
