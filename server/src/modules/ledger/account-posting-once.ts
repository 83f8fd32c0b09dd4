import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { postEntryOnce } from './post-entry-once.ts';
import {
  accountCurrency,
  asPostingRefusal,
  postingEntry,
  toPosting,
  type Posting,
  type PostingInput,
} from './account-posting.ts';

export interface TransactionOnceResult {
  posting: Posting;
  /** True when `reference` named an earlier posting, which is returned instead of posting again. */
  replayed: boolean;
}

/** The customer-account line of the entry that carries this reference, if any. */
export async function findPostingByReference(db: Database, reference: string): Promise<Posting | null> {
  const [r] = await queryRows<{
    id: string | number;
    entry_id: string | number;
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
    sql`select t.id, t.entry_id, t.account_id, a.account_number, t.direction, t.amount::text as amount,
               (t.balance_after - case t.direction when 'credit' then t.amount else -t.amount end)::text as balance_before,
               t.balance_after::text as balance_after, t.posted_at, t.value_date::text as value_date, e.reference
        from journal_entries e join transactions t on t.entry_id = e.id join accounts a on a.id = t.account_id
        where e.reference = ${reference} order by t.id limit 1`,
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    entryId: Number(r.entry_id),
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

/**
 * postTransaction at most once per reference (postEntryOnce underneath): the same request again returns the
 * first posting; the same reference with another account, direction, amount or counter-account is a
 * reference_conflict.
 */
export async function postTransactionOnce(
  db: Database,
  input: PostingInput & { reference: string },
): Promise<TransactionOnceResult> {
  try {
    const currency = await accountCurrency(db, input.accountId);
    const r = await postEntryOnce(db, { ...postingEntry(input, currency), reference: input.reference });
    if (r.posted)
      return {
        posting: toPosting(r.posted.accountLines[0]!, r.entryId, r.posted.reference),
        replayed: false,
      };
    const earlier = await findPostingByReference(db, input.reference);
    if (!earlier) throw new Error(`entry ${r.entryId} has no customer line`);
    return { posting: earlier, replayed: true };
  } catch (err) {
    throw asPostingRefusal(err);
  }
}
