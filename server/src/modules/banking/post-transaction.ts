import { sql } from 'drizzle-orm';
import { postingAmountSchema, type TransactionDirection } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { sqlState, violatedConstraint } from '../../lib/db-errors.ts';
import { writeAudit } from '../audit/index.ts';

export interface PostingInput {
  accountId: number;
  direction: TransactionDirection;
  /** Decimal string, e.g. "1500.00"; never a JS number, so no float ever touches money. */
  amount: string;
  description: string;
  /** Defaults to a unique reference derived from the posting id. */
  reference?: string;
  /** Business date (YYYY-MM-DD); defaults to the posting day. */
  valueDate?: string;
  actor?: { id?: string | null; email?: string | null; ip?: string | null };
}

export interface Posting {
  id: number;
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

export type PostingErrorCode =
  | 'invalid_amount'
  | 'account_not_found'
  | 'account_closed'
  | 'account_blocked'
  | 'insufficient_funds'
  | 'balance_out_of_range'
  | 'reference_conflict';

export class PostingError extends Error {
  constructor(
    readonly code: PostingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PostingError';
  }
}

interface LockedAccount extends Record<string, unknown> {
  account_number: string;
  status: string;
  balance: string;
}

/**
 * Posts one credit or debit. In one transaction it locks the account row, inserts the posting with
 * its running balance computed in SQL (numeric), and writes the audit row. The database triggers
 * re-check every invariant, so this is the convenient way to post, not the only guard.
 * Lock order: account row first, then the audit chain lock (taken by writeAudit) — keep it that way
 * in any code that does both, or two transactions could deadlock.
 */
export async function postTransaction(db: Database, input: PostingInput): Promise<Posting> {
  if (!postingAmountSchema.safeParse(input.amount).success) {
    throw new PostingError(
      'invalid_amount',
      `Invalid amount "${input.amount}": positive, at most 2 decimals`,
    );
  }
  try {
    return await db.transaction(async (tx) => {
      // NO KEY UPDATE: blocks other postings but not inserts that merely reference the account (FKs).
      const [acct] = await queryRows<LockedAccount>(
        tx,
        sql`select account_number, status, balance from accounts where id = ${input.accountId} for no key update`,
      );
      if (!acct) throw new PostingError('account_not_found', `Account ${input.accountId} does not exist`);
      if (acct.status === 'Closed')
        throw new PostingError('account_closed', `Account ${acct.account_number} is closed`);
      if (acct.status === 'Blocked' && input.direction === 'debit') {
        throw new PostingError('account_blocked', `Account ${acct.account_number} is blocked for debits`);
      }
      const signed =
        input.direction === 'credit' ? sql`${input.amount}::numeric` : sql`-${input.amount}::numeric`;
      // clock_timestamp(), read after the lock, is later than the account's postings; greatest() keeps
      // the history order even if the clock stepped back or seeded history runs past today.
      const [row] = await queryRows<{
        id: string;
        posted_at: string | Date;
        value_date: string;
        balance_after: string;
        reference: string;
      }>(
        tx,
        sql`
        with n as (select nextval(pg_get_serial_sequence('transactions', 'id')) as id)
        insert into transactions (id, account_id, posted_at, value_date, description, amount, direction, balance_after, reference)
        select n.id, a.id,
               greatest(clock_timestamp(), (select max(t.posted_at) from transactions t where t.account_id = a.id)), coalesce(${input.valueDate ?? null}::date, current_date), ${input.description},
               ${input.amount}::numeric(18,2), ${input.direction}, a.balance + ${signed},
               coalesce(${input.reference ?? null}::text, 'TX' || lpad(n.id::text, 12, '0'))
        from accounts a, n where a.id = ${input.accountId}
        returning id, posted_at, value_date::text as value_date, balance_after, reference`,
      );
      if (!row) throw new Error('posting insert returned no row');
      const posting: Posting = {
        id: Number(row.id),
        accountId: input.accountId,
        accountNumber: acct.account_number,
        direction: input.direction,
        amount: normaliseAmount(input.amount),
        balanceBefore: acct.balance,
        balanceAfter: row.balance_after,
        postedAt: new Date(row.posted_at),
        valueDate: row.value_date,
        reference: row.reference,
      };
      await writeAudit(tx, {
        action: 'banking.post_transaction',
        outcome: 'success',
        actorId: input.actor?.id ?? null,
        actorEmail: input.actor?.email ?? null,
        ip: input.actor?.ip ?? null,
        targetType: 'account',
        targetId: acct.account_number,
        details: {
          transactionId: posting.id,
          direction: posting.direction,
          amount: posting.amount,
          before: { balance: posting.balanceBefore },
          after: { balance: posting.balanceAfter },
          reference: posting.reference,
        },
      });
      return posting;
    });
  } catch (err) {
    if (err instanceof PostingError) throw err;
    // numeric(18,2) overflow: a credit that would take the balance past what an account can hold.
    if (sqlState(err) === '22003') {
      throw new PostingError(
        'balance_out_of_range',
        'Posting refused: the balance would exceed 9999999999999999.99, the most an account can hold',
      );
    }
    if (violatedConstraint(err) === 'accounts_balance_check') {
      throw new PostingError(
        'insufficient_funds',
        `Posting refused: insufficient funds on account ${input.accountId}`,
      );
    }
    throw err;
  }
}

/** "12" → "12.00", "12.5" → "12.50": the shape numeric(18,2) returns, without float arithmetic. */
export function normaliseAmount(amount: string): string {
  const [int = '0', frac = ''] = amount.split('.');
  return `${int.replace(/^0+(?=\d)/, '')}.${frac.padEnd(2, '0')}`;
}
