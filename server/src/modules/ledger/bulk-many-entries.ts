import { sql } from 'drizzle-orm';
import { postingAmountSchema, type JournalSource } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { auditKeyPads } from '../../db/audit-key.ts';
import { queryRows } from '../../db/rows.ts';
import { declareManyEntries, endManyEntries, startManyEntries } from './bulk-declaration.ts';
import { LedgerError } from './ledger-error.ts';
import { asLedgerError, type Actor, type EntryLine } from './post-entry.ts';

/** One entry of a many-entries bulk posting: its own reference, lines and audit row. */
export interface ManyEntry {
  reference: string;
  narration: string;
  lines: EntryLine[];
  audit: { targetId: string; details: Record<string, unknown> };
}

export interface ManyEntriesInput {
  source: JournalSource;
  actor?: Actor;
  /** The action and target type every entry's audit row shares (e.g. `loan.repay`, `loan`). */
  audit: { action: string; targetType: string };
  entries: ManyEntry[];
}

/**
 * Many balanced entries, each its own journal with its own reference and audit row (so each can be
 * reversed alone), posted by a fixed number of statements whatever their count: the end-of-day
 * auto-debit's chunk of loans (ADRs 0069, 0072). Locks the customer accounts in id order, inserts the
 * entries, their GL lines, their customer lines (one INSERT … SELECT, each account's running balance
 * continued across the entries that name it, in entry order) and their audit rows. The customer lines
 * are checked once for the statement by the rules and refusals of a single posting
 * (transactions_post_many); the balance per entry is checked before returning. All or nothing (a
 * savepoint in the caller's transaction): the caller decides what a refusal means. Returns each
 * reference's entry id.
 */
export async function postManyEntries(db: Database, input: ManyEntriesInput): Promise<Map<string, number>> {
  if (input.entries.length === 0) return new Map();
  for (const e of input.entries)
    for (const l of e.lines)
      if (!postingAmountSchema.safeParse(l.amount).success)
        throw new LedgerError('invalid_amount', `Invalid amount "${l.amount}": positive, at most 2 decimals`);
  const entries = input.entries.map((e, ord) => ({ ord, reference: e.reference, narration: e.narration }));
  const accountIds = [
    ...new Set(input.entries.flatMap((e) => e.lines.flatMap((l) => ('accountId' in l ? [l.accountId] : [])))),
  ];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from accounts where id = any(${`{${accountIds.join(',')}}`}::bigint[]) order by id for no key update`,
      );
      await startManyEntries(tx);
      const made = await queryRows<{ id: string; reference: string }>(
        tx,
        sql`insert into journal_entries (id, business_date, value_date, narration, source, maker_id, maker_email, reference)
            select nextval(pg_get_serial_sequence('journal_entries', 'id')), (select current_business_date()), (select current_business_date()),
                   e.narration, ${input.source}, ${input.actor?.id ?? null}::uuid, ${input.actor?.email ?? null}, e.reference
              from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e(ord int, reference text, narration text)
             order by e.ord
            returning id::text, reference`,
      );
      const ids = new Map(made.map((m) => [m.reference, Number(m.id)]));
      const idList = [...ids.values()];
      await declareManyEntries(
        tx,
        idList.reduce((a, b) => Math.min(a, b)),
        idList.reduce((a, b) => Math.max(a, b)),
      );
      // The entry ids travel with the lines: no statement looks an entry up by its reference again.
      const { glLines, accountLines } = linesOf(input.entries, ids);
      await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
          select l.entry_id, l.gl_code, l.currency, l.side, l.amount::numeric(18,2)
            from jsonb_to_recordset(${JSON.stringify(glLines)}::jsonb)
                   as l(entry_id bigint, ord int, gl_code text, currency text, side text, amount numeric)
           order by l.entry_id, l.ord`);
      // Two entries on one account (loans sharing a repayment account) continue each other's balance.
      await tx.execute(sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction,
                             balance_after, reference, entry_id)
          select a.id, greatest(clock_timestamp(), (select max(t.posted_at) from transactions t where t.account_id = a.id)),
                 -- (select …): the business date once for the statement, not a function call per line
                 (select current_business_date()), l.description, l.amount::numeric(18,2), l.side,
                 a.balance + sum(case l.side when 'credit' then l.amount else -l.amount end)
                               over (partition by a.id order by l.entry_id, l.ord),
                 l.reference, l.entry_id
            from jsonb_to_recordset(${JSON.stringify(accountLines)}::jsonb)
                   as l(entry_id bigint, ord int, reference text, account_id bigint, side text, amount numeric, description text)
            join accounts a on a.id = l.account_id
           order by l.entry_id, l.ord`);
      await endManyEntries(tx);
      const audits = input.entries.map((e) => {
        const entryId = ids.get(e.reference)!;
        return {
          entry_id: entryId,
          target_id: e.audit.targetId,
          details: {
            ...e.audit.details,
            source: input.source,
            lines: e.lines,
            entryId,
            reference: e.reference,
          },
        };
      });
      await tx.execute(sql`insert into audit_log (id, action, outcome, actor_id, actor_email, target_type, target_id, ip, details)
          select 0, ${input.audit.action}, 'success', ${input.actor?.id ?? null}::uuid, ${input.actor?.email ?? null},
                 ${input.audit.targetType}, x.target_id, ${input.actor?.ip ?? null}::inet, x.details
            from (select set_config('bankmanager.audit_key', ${auditKeyPads()}, true)) as keyed,
                 jsonb_to_recordset(${JSON.stringify(audits)}::jsonb) as x(entry_id bigint, target_id text, details jsonb)
           order by x.entry_id`);
      // Each entry balances (checked now, then deferred again for the caller's later postings).
      await tx.execute(sql`set constraints journal_entry_ranges_balanced immediate`);
      await tx.execute(sql`set constraints journal_entry_ranges_balanced deferred`);
      return ids;
    });
  } catch (err) {
    throw asLedgerError(err);
  }
}

/** The entries' lines as the two inserts read them, each beside its entry's id (and, for a customer line, the text it shows). */
function linesOf(entries: ManyEntry[], ids: Map<string, number>) {
  const glLines: object[] = [];
  const accountLines: object[] = [];
  for (const e of entries) {
    const entryId = ids.get(e.reference)!;
    e.lines.forEach((l, ord) => {
      if ('accountId' in l)
        accountLines.push({
          entry_id: entryId,
          ord,
          reference: e.reference,
          account_id: l.accountId,
          side: l.side,
          amount: l.amount,
          description: l.description ?? e.narration,
        });
      else
        glLines.push({
          entry_id: entryId,
          ord,
          gl_code: l.glCode,
          currency: l.currency,
          side: l.side,
          amount: l.amount,
        });
    });
  }
  return { glLines, accountLines };
}
