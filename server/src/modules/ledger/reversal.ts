import { sql } from 'drizzle-orm';
import type { Currency, ReversalRequest, Side } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { LedgerError } from './ledger-error.ts';
import type { EntryInput, EntryLine } from './post-entry.ts';

const opposite = (s: Side): Side => (s === 'debit' ? 'credit' : 'debit');

/**
 * The reversal of an entry: the same lines on the opposite sides, pointing at the original
 * (journal_entries.reversal_of is unique, so the database refuses a second reversal even when two
 * arrive at once).
 */
export async function reversalEntry(
  db: Database,
  entryId: number,
  req: Pick<ReversalRequest, 'narration' | 'reference'>,
  actor: EntryInput['actor'],
  auditDetails: Record<string, unknown> = {},
): Promise<EntryInput & { reference: string }> {
  const [e] = await queryRows<{
    narration: string;
    fx_rate: string | null;
    reversed: boolean;
    reversal_of: string | null;
  }>(
    db,
    sql`select narration, fx_rate::text as fx_rate, reversal_of::text as reversal_of,
               exists (select 1 from journal_entries r where r.reversal_of = e.id) as reversed
        from journal_entries e where e.id = ${entryId}`,
  );
  if (!e) throw new LedgerError('entry_not_found', `Journal entry ${entryId} does not exist`);
  if (e.reversal_of !== null)
    throw new LedgerError(
      'reversal_of_reversal',
      `Journal entry ${entryId} is itself the reversal of entry ${e.reversal_of}; it cannot be reversed`,
    );
  if (e.reversed)
    throw new LedgerError('already_reversed', `Journal entry ${entryId} has already been reversed`);
  const rows = await queryRows<{
    kind: 'gl' | 'customer';
    gl_code: string;
    account_id: string | null;
    currency: Currency;
    side: Side;
    amount: string;
  }>(
    db,
    sql`select kind, gl_code, account_id, currency, side, amount::text as amount
        from journal_lines where entry_id = ${entryId} order by id`,
  );
  const lines: EntryLine[] = rows.map((r) =>
    r.kind === 'customer'
      ? { accountId: Number(r.account_id), side: opposite(r.side), amount: r.amount }
      : { glCode: r.gl_code, currency: r.currency, side: opposite(r.side), amount: r.amount },
  );
  return {
    source: 'reversal',
    narration: req.narration ?? `Reversal of entry ${entryId}: ${e.narration}`.slice(0, 140),
    reference: req.reference,
    reversalOf: entryId,
    fxRate: e.fx_rate ?? undefined,
    actor,
    lines,
    audit: {
      action: 'ledger.reverse',
      targetType: 'journal_entry',
      targetId: String(entryId),
      details: auditDetails,
    },
  };
}
