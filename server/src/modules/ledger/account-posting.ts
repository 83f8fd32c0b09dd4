import { sql } from 'drizzle-orm';
import type { TransactionDirection } from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import type { Database } from '../../db/client.ts';
import { LedgerError } from './ledger-error.ts';
import { postEntry, type PostedAccountLine } from './post-entry.ts';

export interface PostingInput {
  accountId: number;
  direction: TransactionDirection;
  /** Decimal string, e.g. "1500.00"; never a JS number, so no float ever touches money. */
  amount: string;
  description: string;
  /**
   * The GL account on the other side (e.g. 1020-001 cash at tellers for a cash deposit): every posting
   * is a balanced journal entry of two lines, so no single-sided posting exists.
   */
  counterGlCode: string;
  /** Defaults to a unique reference derived from the entry id. */
  reference?: string;
  /** Business date (YYYY-MM-DD); defaults to the business date. */
  valueDate?: string;
  actor?: { id?: string | null; email?: string | null; ip?: string | null };
}

export interface Posting {
  id: number;
  entryId: number;
  accountId: number;
  accountNumber: string;
  direction: TransactionDirection;
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
  postedAt: Date;
  valueDate: string;
  reference: string;
}

/**
 * A two-line posting can only be unbalanced if its counter line was refused for its currency: the
 * client named a counter-account in another currency, and is told so.
 */
export function asPostingRefusal(err: unknown): unknown {
  if (err instanceof LedgerError && err.code === 'unbalanced')
    return new LedgerError('currency_mismatch', err.message);
  return err;
}

export const toPosting = (line: PostedAccountLine, entryId: number, reference: string): Posting => ({
  id: line.transactionId,
  entryId,
  accountId: line.accountId,
  accountNumber: line.accountNumber,
  direction: line.side,
  amount: line.amount,
  balanceBefore: line.balanceBefore,
  balanceAfter: line.balanceAfter,
  postedAt: line.postedAt,
  valueDate: line.valueDate,
  reference,
});

/**
 * Posts one credit or debit to a customer account against a GL counter-account: postEntry with the
 * two-line entry `postingEntry` builds (source `posting`), its answer shaped as the account's line.
 */
export async function postTransaction(db: Database, input: PostingInput): Promise<Posting> {
  try {
    const currency = await accountCurrency(db, input.accountId);
    const entry = await postEntry(db, postingEntry(input, currency));
    return toPosting(entry.accountLines[0]!, entry.id, entry.reference);
  } catch (err) {
    throw asPostingRefusal(err);
  }
}

/** The entry a posting makes: the customer line and its counter line on the other side. */
export function postingEntry(input: PostingInput, currency: 'SLE' | 'USD') {
  return {
    source: 'posting' as const,
    narration: input.description,
    reference: input.reference,
    valueDate: input.valueDate,
    actor: input.actor,
    lines: [
      { accountId: input.accountId, side: input.direction, amount: input.amount },
      {
        glCode: input.counterGlCode,
        currency,
        side: input.direction === 'credit' ? ('debit' as const) : ('credit' as const),
        amount: input.amount,
      },
    ],
    audit: {
      action: 'banking.post_transaction',
      targetType: 'account',
      targetId: String(input.accountId),
      details: { direction: input.direction, amount: input.amount, counterGlCode: input.counterGlCode },
    },
  };
}

/** The account's currency (its counter line is in the same currency); account_not_found if none. */
export async function accountCurrency(db: Database, accountId: number): Promise<'SLE' | 'USD'> {
  const [r] = await queryRows<{ currency: 'SLE' | 'USD' }>(
    db,
    sql`select currency from accounts where id = ${accountId}`,
  );
  if (!r) throw new LedgerError('account_not_found', `Account ${accountId} does not exist`);
  return r.currency;
}
