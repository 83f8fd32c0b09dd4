import {
  manualJournalRequestSchema,
  type Currency,
  type ManualJournalRequest,
  type RoleLimit,
} from '@bankmanager/contracts';
import { conflict } from '../../lib/http-error.ts';
import { approvalActor, approvedBy, overMakerLimit, type Approvals } from '../approvals/index.ts';
import { LedgerError } from './ledger-error.ts';
import { fromCents, toCents } from './money.ts';
import { postEntryOnce } from './post-entry-once.ts';
import type { Actor, EntryInput } from './post-entry.ts';

/** The entry of a manual journal: GL lines only, as the maker typed them. */
export function manualJournalEntry(
  b: ManualJournalRequest,
  actor: Actor,
  details?: Record<string, unknown>,
): EntryInput & { reference: string } {
  return {
    source: 'manual',
    narration: b.narration,
    reference: b.reference,
    valueDate: b.value_date,
    businessDate: b.business_date,
    actor,
    lines: b.lines.map((l) => ({ glCode: l.gl_code, currency: l.currency, side: l.side, amount: l.amount })),
    audit: { action: 'ledger.manual_journal', targetType: 'journal_entry', targetId: b.reference, details },
  };
}

/**
 * The currency and total (its debits) of the first currency whose total is over the maker's
 * manual-journal limit (the `journal.manual` policy's), or null when every currency is within it.
 */
export function overManualLimit(
  b: ManualJournalRequest,
  limits: RoleLimit[],
): { currency: Currency; amount: string } | null {
  const debits = new Map<Currency, bigint>();
  for (const l of b.lines)
    if (l.side === 'debit') debits.set(l.currency, (debits.get(l.currency) ?? 0n) + toCents(l.amount));
  for (const [currency, cents] of [...debits].sort(([a], [b]) => a.localeCompare(b))) {
    const amount = fromCents(cents);
    if (overMakerLimit('journal.manual', limits, currency, amount)) return { currency, amount };
  }
  return null;
}

/** The first currency's total (its debits): the amount a checker approves for a back-valued journal. */
export function manualJournalTotal(b: ManualJournalRequest): { currency: Currency; amount: string } {
  const currency = [...new Set(b.lines.map((l) => l.currency))].sort()[0]!;
  const cents = b.lines
    .filter((l) => l.side === 'debit' && l.currency === currency)
    .reduce((sum, l) => sum + toCents(l.amount), 0n);
  return { currency, amount: fromCents(cents) };
}

/** A checker's approval posts the maker's exact journal once (by its reference), the maker as actor. */
export function registerManualJournalCommand(approvals: Approvals): void {
  approvals.register({
    type: 'journal.manual',
    currentVersion: async () => null,
    async execute(tx, raw, { approvalId, maker, checker }) {
      const body = manualJournalRequestSchema.parse(raw);
      try {
        await postEntryOnce(
          tx,
          manualJournalEntry(body, approvalActor(maker, checker), approvedBy(approvalId, checker)),
        );
      } catch (err) {
        if (err instanceof LedgerError) throw conflict(err.message, { code: err.code, approvalId });
        throw err;
      }
    },
  });
}
