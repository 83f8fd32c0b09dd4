import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import type { PostingAttempt } from './crash-writers.ts';

export interface PostingFigures {
  acked: number;
  /** Acknowledged on a retry with the same reference (the first answer was lost). */
  ackedOnRetry: number;
  /** … of which the retry found the first send had posted (200): applied but unacknowledged at first. */
  replayed: number;
  refused: number;
  unknownPresent: number;
  unknownAbsent: number;
  lost: number;
}

interface StoredPosting extends Record<string, unknown> {
  reference: string;
  id: string;
  account_number: string;
  direction: string;
  amount: string;
  balance_after: string;
  /** The journal entry the posting is a line of; its audit row names it. */
  entry_id: string;
  audit_ids: string[] | null;
}

/** Same amount, compared as the database writes it ("12.5" was stored as "12.50"). */
const sameAmount = (sent: string, stored: string) => {
  const [i = '0', f = ''] = sent.split('.');
  return `${i}.${f.padEnd(2, '0')}` === stored;
};

/**
 * Every acknowledged posting is stored once, as acknowledged, with its one audit row; refused ones left
 * nothing; unknown ones are whole (posting + audit row) or absent. Problems are pushed to `problems`.
 */
export async function verifyPostings(
  db: Database,
  attempts: Map<string, PostingAttempt>,
  problems: string[],
): Promise<PostingFigures> {
  const rows = await queryRows<StoredPosting>(
    db,
    sql`select t.reference, t.id::text as id, a.account_number, t.direction, t.amount::text as amount,
               t.balance_after::text as balance_after, t.entry_id::text as entry_id,
               (select array_agg(l.details->>'entryId') from audit_log l
                where l.action = 'banking.post_transaction' and l.outcome = 'success'
                  and l.details->>'reference' = t.reference) as audit_ids
        from transactions t join accounts a on a.id = t.account_id
        where t.reference like 'CR-%'`,
  );
  // An audit row whose posting is missing would be half of a write.
  const orphans = await queryRows<{ reference: string }>(
    db,
    sql`select l.details->>'reference' as reference from audit_log l
        where l.action = 'banking.post_transaction' and l.outcome = 'success' and l.details->>'reference' like 'CR-%'
          and not exists (select 1 from transactions t where t.reference = l.details->>'reference')`,
  );
  for (const o of orphans) problems.push(`audit row without its posting: ${o.reference}`);

  const stored = new Map(rows.map((r) => [r.reference, r]));
  const f: PostingFigures = {
    acked: 0,
    ackedOnRetry: 0,
    replayed: 0,
    refused: 0,
    unknownPresent: 0,
    unknownAbsent: 0,
    lost: 0,
  };
  for (const r of rows) if (!attempts.has(r.reference)) problems.push(`posting nobody sent: ${r.reference}`);

  for (const a of attempts.values()) {
    const s = stored.get(a.reference);
    const whole =
      s !== undefined &&
      s.account_number === a.accountNumber &&
      s.direction === a.direction &&
      sameAmount(a.amount, s.amount) &&
      s.audit_ids?.length === 1 &&
      s.audit_ids[0] === s.entry_id;
    if (a.state === 'acked') {
      f.acked++;
      if (a.sends > 1) f.ackedOnRetry++;
      if (a.replayed) f.replayed++;
      if (!s) {
        f.lost++;
        problems.push(`LOST acknowledged posting ${a.reference}`);
      } else if (!whole || s.id !== a.id || s.balance_after !== a.balanceAfter) {
        f.lost++;
        problems.push(`acknowledged posting ${a.reference} differs: ${JSON.stringify({ a, s })}`);
      }
    } else if (a.state === 'refused') {
      f.refused++;
      if (s) problems.push(`refused posting ${a.reference} is present`);
    } else if (s) {
      f.unknownPresent++;
      if (!whole)
        problems.push(`unacknowledged posting ${a.reference} is half-applied: ${JSON.stringify(s)}`);
    } else {
      f.unknownAbsent++;
    }
  }
  return f;
}

/** The ledger invariants over every account (balance = sum of postings, running balances). */
export async function ledgerViolations(db: Database): Promise<string[]> {
  const rows = await queryRows<{ account_id: string; problem: string }>(
    db,
    sql`select account_id::text, problem from ledger_violations()`,
  );
  return rows.map((r) => `ledger: account ${r.account_id}: ${r.problem}`);
}
