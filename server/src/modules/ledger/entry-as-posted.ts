import type { JournalEntry, JournalLine } from '@bankmanager/contracts';
import { fromCents, toCents } from './money.ts';
import type { EntryInput, EntryLine, LockedAccount, PostedAccountLine } from './post-entry.ts';

/** The journal_entries row as its insert returned it. */
export interface EntryRowAsPosted {
  id: number;
  reference: string;
  businessDate: string;
  valueDate: string;
  fxRate: string | null;
  postedAt: Date;
}

/**
 * The entry as getEntry would read it back, from what posting it returned: a posting route answers
 * without one more round trip after its commit (ADR 0032). Lines in id order, as getEntry sorts them;
 * routes.test.ts checks the two agree.
 */
export function entryAsPosted(input: EntryInput, row: EntryRowAsPosted, lines: JournalLine[]): JournalEntry {
  return {
    id: String(row.id),
    business_date: row.businessDate,
    value_date: row.valueDate,
    narration: input.narration,
    source: input.source,
    reference: row.reference,
    maker_id: input.actor?.id ?? null,
    maker_email: input.actor?.email ?? null,
    reversal_of: input.reversalOf === undefined ? null : String(input.reversalOf),
    reversed_by: null,
    fx_rate: row.fxRate,
    posted_at: row.postedAt.toISOString(),
    lines: [...lines].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)),
  };
}

export const glLineAsPosted = (
  id: string,
  l: Extract<EntryLine, { glCode: string }>,
  glName: string,
): JournalLine => ({
  id,
  kind: 'gl',
  gl_code: l.glCode,
  gl_name: glName,
  account_number: null,
  currency: l.currency,
  side: l.side,
  amount: fromCents(toCents(l.amount)),
});

export const accountLineAsPosted = (posted: PostedAccountLine, account: LockedAccount): JournalLine => ({
  id: String(posted.transactionId),
  kind: 'customer',
  gl_code: account.ledger_code!,
  gl_name: account.gl_name!,
  account_number: posted.accountNumber,
  currency: account.currency,
  side: posted.side,
  amount: posted.amount,
});
